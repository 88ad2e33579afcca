import { type Kysely, sql } from 'kysely';

/**
 * A word broken across two lines with a hyphen ("eigen-" at the end of one line, "values" at
 * the start of the next, as justified lecture notes print it) is indexed whole, as `B-tree`
 * already was (`btree`, migration 0009): the page is found by `eigenvalues`. Only a hyphen
 * that ends a line joins across it; the parts stay indexed too, so "self-\ncontained" still
 * finds `self` and `contained`. The vocabulary of typo corrections and page-text suggestions
 * takes the joined words as well.
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

/** 0009's vocabulary trigger; `joined` adds the joined words of each text. */
function documentWordsSync(joined: boolean) {
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
 * Stored generated columns keep what the old function made: setting their (unchanged)
 * expressions again recomputes every row. Then the search tables are refreshed from them.
 */
async function reindex(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE courses ALTER COLUMN search_vector SET EXPRESSION AS (
      setweight(search_text_vector(title || ' ' || coalesce(code, '')), 'A') ||
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
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await JOINED_WORDS.up.execute(db);
  await documentWordsSync(true).execute(db);
  await reindex(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await JOINED_WORDS.down.execute(db);
  await documentWordsSync(false).execute(db);
  await reindex(db);
}
