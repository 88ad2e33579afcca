import { type Kysely, sql } from 'kysely';

/**
 * Member uploads (apps/web/src/documents). An upload is a `processing` document until its text is
 * extracted; then `ready`, or `failed` with the reason shown to the uploader.
 *
 * `processing_started_at` and `processing_attempts` make processing recoverable by any replica:
 * a document still `processing` long after it started belongs to a process that died, and is
 * claimed again (optimistically, on `processing_started_at`) until the attempts run out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE documents
      ADD COLUMN failure_reason text CHECK (length(failure_reason) <= 500),
      ADD COLUMN processing_started_at timestamptz,
      ADD COLUMN processing_attempts integer NOT NULL DEFAULT 0 CHECK (processing_attempts >= 0)
  `.execute(db);
  await sql`
    CREATE INDEX documents_processing_idx ON documents (processing_started_at)
      WHERE status = 'processing'
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX documents_processing_idx`.execute(db);
  await sql`
    ALTER TABLE documents
      DROP COLUMN failure_reason,
      DROP COLUMN processing_started_at,
      DROP COLUMN processing_attempts
  `.execute(db);
}
