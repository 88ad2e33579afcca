import { sql } from 'kysely';
import { errorHeaders } from '@/http/error-response';
import { reportDatabaseError } from '@/server/database-health';
import { getDb } from '@/server/server-context';

// GET /api/health – liveness plus a database round trip, for start-up and load balancers
export async function GET(): Promise<Response> {
  try {
    await sql`SELECT 1`.execute(await getDb());
    return Response.json({ status: 'ok' });
  } catch (error) {
    reportDatabaseError(error);
    return Response.json(
      { status: 'unavailable', reason: 'database unreachable' },
      { status: 503, headers: errorHeaders(503) },
    );
  }
}
