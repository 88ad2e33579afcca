import { type Kysely, sql } from 'kysely';

/**
 * Uploads are processed by jobs on the queue (apps/worker, pg-boss): the queue's expiry and
 * retries replace the claim columns migration 0006 added for the web app's own sweep.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX documents_processing_idx`.execute(db);
  await sql`
    ALTER TABLE documents
      DROP COLUMN processing_started_at,
      DROP COLUMN processing_attempts
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE documents
      ADD COLUMN processing_started_at timestamptz,
      ADD COLUMN processing_attempts integer NOT NULL DEFAULT 0 CHECK (processing_attempts >= 0)
  `.execute(db);
  await sql`
    CREATE INDEX documents_processing_idx ON documents (processing_started_at)
      WHERE status = 'processing'
  `.execute(db);
}
