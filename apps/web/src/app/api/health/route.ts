import { sql } from 'kysely';
import { errorHeaders } from '@/http/error-response';
import { route } from '@/http/route';
import { reportDatabaseError } from '@/server/database-health';
import { getDb } from '@/server/server-context';
import { healthContract } from './contract';

// GET /api/health – liveness plus a database round trip, for start-up and load balancers
export const GET = route(healthContract, async () => {
  try {
    await sql`SELECT 1`.execute(await getDb());
    return { status: 'ok' as const };
  } catch (error) {
    // Not an error to map: an unreachable database is this route's answer, in its own shape.
    reportDatabaseError(error);
    return Response.json(
      { status: 'unavailable', reason: 'database unreachable' },
      { status: 503, headers: errorHeaders(503) },
    );
  }
});
