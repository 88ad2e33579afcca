import { type Kysely, sql } from 'kysely';

/**
 * A leaner search index:
 * - One spelling vocabulary: typos are corrected against `search_words` (migration 0009) alone,
 *   on the results page, in its "Did you mean" and in the typeahead (apps/web/src/search/
 *   find-corrections.ts). `search_terms` (0004), the counted vocabulary of titles and
 *   descriptions that served the last two, is retired with what kept it: the `spelling` vectors
 *   of the index tables and their triggers, which every index write paid for.
 * - Narrow rows: a results page reads the row of every matching document (facets, count), a
 *   third of the table for a common word. `rank_vector` (a copy of `documents.search_vector`,
 *   title and description) made those rows 700 bytes; ranking now reads `documents` for the
 *   documents whose title or description has a word of the query, through a GIN index of its
 *   own. Existing tables keep the dropped columns' space until `VACUUM FULL document_search`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['document_search', 'course_search']) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`DROP TRIGGER ${sql.raw(`${table}_terms_${event}`)} ON ${sql.table(table)}`.execute(
        db,
      );
    }
  }
  await sql`DROP FUNCTION search_terms_sync()`.execute(db);
  await sql`DROP TABLE search_terms`.execute(db);

  // 0004's refresh functions without the spelling vectors.
  await sql`
    CREATE OR REPLACE FUNCTION refresh_document_search(ids integer[]) RETURNS void
    LANGUAGE sql AS $$
      DELETE FROM document_search s
      WHERE s.document_id = ANY (ids)
        AND NOT EXISTS (
          SELECT FROM documents d JOIN courses c ON c.id = d.course_id
          WHERE d.id = s.document_id AND d.published AND d.status = 'ready' AND c.published);
      INSERT INTO document_search AS s
        (document_id, course_id, subject_id, institution_id, kind, title_vector, vector)
      SELECT d.id, d.course_id, c.subject_id, c.institution_id, d.kind,
             search_title_vector(d.title),
             d.search_vector || coalesce(body.lexemes, ''::tsvector)
      FROM documents d
      JOIN courses c ON c.id = d.course_id
      LEFT JOIN LATERAL (
        SELECT array_to_tsvector(array_agg(DISTINCT lexeme)) AS lexemes
        FROM document_pages p, unnest(tsvector_to_array(p.search_vector)) AS lexeme
        WHERE p.document_id = d.id
      ) body ON true
      WHERE d.id = ANY (ids) AND d.published AND d.status = 'ready' AND c.published
      ORDER BY d.id
      ON CONFLICT (document_id) DO UPDATE SET
        course_id = excluded.course_id, subject_id = excluded.subject_id,
        institution_id = excluded.institution_id, kind = excluded.kind,
        title_vector = excluded.title_vector, vector = excluded.vector;
    $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION refresh_course_search(ids integer[]) RETURNS void
    LANGUAGE sql AS $$
      DELETE FROM course_search s
      WHERE s.course_id = ANY (ids)
        AND NOT EXISTS (SELECT FROM courses c WHERE c.id = s.course_id AND c.published);
      INSERT INTO course_search AS s (course_id, subject_id, institution_id, title_vector, vector)
      SELECT c.id, c.subject_id, c.institution_id,
             search_title_vector(c.title || ' ' || coalesce(c.code, '')), c.search_vector
      FROM courses c
      WHERE c.id = ANY (ids) AND c.published
      ORDER BY c.id
      ON CONFLICT (course_id) DO UPDATE SET
        subject_id = excluded.subject_id, institution_id = excluded.institution_id,
        title_vector = excluded.title_vector, vector = excluded.vector;
    $$`.execute(db);
  await sql`ALTER TABLE document_search DROP COLUMN spelling, DROP COLUMN rank_vector`.execute(db);
  await sql`CREATE INDEX documents_search_vector_idx ON documents USING gin (search_vector)`.execute(
    db,
  );
  await sql`ALTER TABLE course_search DROP COLUMN spelling`.execute(db);
  await sql`DROP FUNCTION search_spelling(text)`.execute(db);
}

export async function down(): Promise<void> {
  // The retired vocabulary was derived from the index; rebuilding it here would repeat most of
  // 0004. Go back by restoring a backup taken before this migration.
  throw new Error(
    'migration 0011-leaner-search-index cannot be undone: restore a backup taken before it',
  );
}
