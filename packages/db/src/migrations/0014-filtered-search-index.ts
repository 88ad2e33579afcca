import { type Kysely, sql } from 'kysely';

/**
 * The search index's GIN index also holds each document's subject, institution, course and
 * kind (btree_gin), so a filtered search ("physics", "slides") is narrowed inside the index:
 * the results page counts matches up to a cap (apps/web/src/search/search-catalog.ts), and a
 * filter that keeps one match in thirty read thirty rows for each it kept. The plain
 * `vector @@ query` scans use the same index.
 *
 * Also drops `documents_search_vector_idx` (0011), a copy of 0001's `documents_search_idx`
 * (same column, same operator class) that every write to a title or description paid for.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS btree_gin`.execute(db);
  await sql`
    CREATE INDEX document_search_filtered_idx ON document_search
    USING gin (vector, subject_id, institution_id, course_id, kind)`.execute(db);
  await sql`DROP INDEX document_search_vector_idx`.execute(db);
  await sql`DROP INDEX documents_search_vector_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX documents_search_vector_idx ON documents USING gin (search_vector)`.execute(
    db,
  );
  await sql`CREATE INDEX document_search_vector_idx ON document_search USING gin (vector)`.execute(
    db,
  );
  await sql`DROP INDEX document_search_filtered_idx`.execute(db);
}
