import { type Kysely, type RawBuilder, sql } from 'kysely';

/**
 * Two ways people and PDFs write one word as two, indexed joined as `B-tree` already was
 * (`btree`, migration 0009); the parts stay indexed too.
 * - A word a page breaks across two lines with a hyphen ("photo-" at the end of one line,
 *   "luminescence" at the start of the next, as justified lecture notes print it): the page is
 *   found by `photoluminescence`. Only a hyphen that ends a line joins across the break.
 * - A course code typed without its space or hyphen, as students do: `MATH221` and `math-221`
 *   find `MATH 221`.
 * The vocabulary of typo corrections and page-text suggestions takes the joined words too.
 */

const JOINED_WORDS = {
  up: sql`
    CREATE OR REPLACE FUNCTION search_joined_words(text text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN (SELECT coalesce(string_agg(regexp_replace(m[1], '-[ \t]*(\r?\n[ \t]*)?', '', 'g'), ' '), '')
            FROM regexp_matches(text, '([[:alnum:]]+(?:-(?:[ \t]*\r?\n[ \t]*)?[[:alnum:]]+)+)', 'g') AS m)`,
  down: sql`
    CREATE OR REPLACE FUNCTION search_joined_words(text text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN (SELECT coalesce(string_agg(replace(m[1], '-', ''), ' '), '')
            FROM regexp_matches(text, '([[:alnum:]]+(?:-[[:alnum:]]+)+)', 'g') AS m)`,
};

/** A course's title words: its title and code, and (up) the code without separators. */
function courseTitle(joinCode: boolean, course: string): RawBuilder<unknown> {
  const code = sql.raw(`${course}code`);
  const title = sql.raw(`${course}title`);
  return joinCode
    ? sql`${title} || ' ' || coalesce(${code} || ' ' || regexp_replace(${code}, '[^[:alnum:]]+', '', 'g'), '')`
    : sql`${title} || ' ' || coalesce(${code}, '')`;
}

/** 0011's course refresh, its title words as `courseTitle` makes them. */
function refreshCourseSearch(joinCode: boolean): RawBuilder<unknown> {
  return sql`
    CREATE OR REPLACE FUNCTION refresh_course_search(ids integer[]) RETURNS void
    LANGUAGE sql AS $$
      DELETE FROM course_search s
      WHERE s.course_id = ANY (ids)
        AND NOT EXISTS (SELECT FROM courses c WHERE c.id = s.course_id AND c.published);
      INSERT INTO course_search AS s (course_id, subject_id, institution_id, title_vector, vector)
      SELECT c.id, c.subject_id, c.institution_id,
             search_title_vector(${courseTitle(joinCode, 'c.')}), c.search_vector
      FROM courses c
      WHERE c.id = ANY (ids) AND c.published
      ORDER BY c.id
      ON CONFLICT (course_id) DO UPDATE SET
        subject_id = excluded.subject_id, institution_id = excluded.institution_id,
        title_vector = excluded.title_vector, vector = excluded.vector;
    $$`;
}

/** 0009's vocabulary trigger; `joined` adds the joined words of each text. */
function documentWordsSync(joined: boolean): RawBuilder<unknown> {
  const text = joined ? sql`t.text || ' ' || search_joined_words(t.text)` : sql`t.text`;
  return sql`
    CREATE OR REPLACE FUNCTION document_search_words_sync() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO search_words (word)
      SELECT DISTINCT word
      FROM new_rows n
      JOIN documents d ON d.id = n.document_id
      CROSS JOIN LATERAL (
        SELECT d.title || ' ' || d.description
        UNION ALL
        SELECT p.body FROM document_pages p WHERE p.document_id = d.id
      ) AS t(text)
      CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector('coursepack_simple', ${text}))) AS word
      WHERE word ~ '^[[:alpha:]]{3,40}$'
      ORDER BY word
      ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$`;
}

/**
 * Stored generated columns keep what the old functions made: setting their expressions again
 * recomputes every row. Then the search tables are refreshed from them. The rewrite drops the
 * columns' statistics and leaves nothing counted as modified, so autovacuum would not gather
 * them again for a long time: planned blind, the typeahead's p99 went from 0.08 to 1.5 s on the
 * 100,000-document bench. They are gathered here.
 */
async function reindex(db: Kysely<unknown>, joinCode: boolean): Promise<void> {
  await sql`
    ALTER TABLE courses ALTER COLUMN search_vector SET EXPRESSION AS (
      setweight(search_text_vector(${courseTitle(joinCode, '')}), 'A') ||
      setweight(search_text_vector(description), 'B'))`.execute(db);
  await sql`
    ALTER TABLE documents ALTER COLUMN search_vector SET EXPRESSION AS (
      setweight(search_text_vector(title), 'A') ||
      setweight(search_text_vector(description), 'B'))`.execute(db);
  await sql`
    ALTER TABLE document_pages ALTER COLUMN search_vector SET EXPRESSION AS (
      setweight(search_text_vector(body), 'C'))`.execute(db);
  await sql`SELECT refresh_course_search(ARRAY(SELECT id FROM courses))`.execute(db);
  await sql`SELECT refresh_document_search(ARRAY(SELECT id FROM documents))`.execute(db);
  await sql`ANALYZE courses, documents, document_pages, course_search, document_search, search_words`.execute(
    db,
  );
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await JOINED_WORDS.up.execute(db);
  await documentWordsSync(true).execute(db);
  await refreshCourseSearch(true).execute(db);
  await reindex(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await JOINED_WORDS.down.execute(db);
  await documentWordsSync(false).execute(db);
  await refreshCourseSearch(false).execute(db);
  await reindex(db, false);
}
