import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';

/** The media files whose deletion has been queued for the worker, oldest first. */
export async function queuedMediaDeletions(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ publicId: string }>`
    SELECT data->>'publicId' AS "publicId" FROM pgboss.job
    WHERE name = 'destroy-media' ORDER BY created_on, id`.execute(db);
  return rows.map((row) => row.publicId);
}
