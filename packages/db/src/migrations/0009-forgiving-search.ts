import { type Kysely, sql } from 'kysely';

/**
 * Search that forgives (issue 14, docs/search.md):
 *
 * - Folding: every search vector is built with the `coursepack` text search configuration,
 *   English stemming after `unaccent`, so `resume` finds `résumé` and `Schrodinger` finds
 *   `Schrödinger`; `coursepack_simple` is the same without stemming (typeahead prefixes,
 *   vocabulary). Hyphenated words are also indexed joined (`B-tree` as `btree`), since
 *   people type them both ways.
 * - `search_words` is the vocabulary typos are corrected against: every plain word (letters
 *   only, 3 to 40, folded) of the titles, descriptions and page text of documents and courses
 *   that have been searchable. It only grows: a word whose documents are gone or hidden stays,
 *   and the search checks each correction against the index before using it, which is also
 *   where it learns how common the word is. Its trigram index finds typo candidates by
 *   similarity; the edit distance is verified by the search module.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS unaccent`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS fuzzystrmatch`.execute(db);
  await sql`CREATE TEXT SEARCH CONFIGURATION coursepack (COPY = english)`.execute(db);
  await sql`
    ALTER TEXT SEARCH CONFIGURATION coursepack
    ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part
    WITH unaccent, english_stem`.execute(db);
  await sql`
    ALTER TEXT SEARCH CONFIGURATION coursepack
    ALTER MAPPING FOR numword, numhword, hword_numpart WITH unaccent, simple`.execute(db);
  await sql`CREATE TEXT SEARCH CONFIGURATION coursepack_simple (COPY = simple)`.execute(db);
  await sql`
    ALTER TEXT SEARCH CONFIGURATION coursepack_simple
    ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part,
      numword, numhword, hword_numpart
    WITH unaccent, simple`.execute(db);

  // "B-tree x86-64" → "Btree x8664": the hyphenated words of a text, joined.
  await sql`
    CREATE FUNCTION search_joined_words(text text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN (SELECT coalesce(string_agg(replace(m[1], '-', ''), ' '), '')
            FROM regexp_matches(text, '([[:alnum:]]+(?:-[[:alnum:]]+)+)', 'g') AS m)`.execute(db);
  await sql`
    CREATE FUNCTION search_text_vector(text text) RETURNS tsvector
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN to_tsvector('coursepack', text)
      || to_tsvector('coursepack', search_joined_words(text))`.execute(db);

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

  // The refresh function of 0004 calls this one, so titles are now indexed folded too.
  await sql`
    CREATE OR REPLACE FUNCTION search_title_vector(title text) RETURNS tsvector
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN search_text_vector(title)
      || to_tsvector('coursepack_simple', title || ' ' || search_joined_words(title))`.execute(db);

  // C collation: the primary key's b-tree also serves prefix scans (LIKE 'eigenv%').
  await sql`CREATE TABLE search_words (word text COLLATE "C" PRIMARY KEY)`.execute(db);
  await sql`CREATE INDEX search_words_trgm_idx ON search_words USING gist (word gist_trgm_ops)`.execute(
    db,
  );
  // Words are inserted in order so that concurrent uploads sharing words cannot deadlock.
  await sql`
    CREATE FUNCTION document_search_words_sync() RETURNS trigger
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
      CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector('coursepack_simple', t.text))) AS word
      WHERE word ~ '^[[:alpha:]]{3,40}$'
      ORDER BY word
      ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION course_search_words_sync() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO search_words (word)
      SELECT DISTINCT word
      FROM new_rows n
      JOIN courses c ON c.id = n.course_id
      CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector('coursepack_simple',
        c.title || ' ' || c.description))) AS word
      WHERE word ~ '^[[:alpha:]]{3,40}$'
      ORDER BY word
      ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$`.execute(db);
  for (const table of ['document', 'course']) {
    for (const [event, transition] of [
      ['INSERT', 'NEW TABLE AS new_rows'],
      ['UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
    ] as const) {
      await sql`
        CREATE TRIGGER ${sql.raw(`${table}_search_words_${event.toLowerCase()}`)}
        AFTER ${sql.raw(event)} ON ${sql.table(`${table}_search`)}
        REFERENCING ${sql.raw(transition)}
        FOR EACH STATEMENT EXECUTE FUNCTION ${sql.raw(`${table}_search_words_sync`)}()`.execute(db);
    }
  }

  // Re-index what is there with the folded vectors (the triggers fill the vocabulary).
  await sql`SELECT refresh_course_search(ARRAY(SELECT id FROM courses))`.execute(db);
  await sql`SELECT refresh_document_search(ARRAY(SELECT id FROM documents))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['document', 'course']) {
    for (const event of ['insert', 'update']) {
      await sql`DROP TRIGGER ${sql.raw(`${table}_search_words_${event}`)} ON ${sql.table(`${table}_search`)}`.execute(
        db,
      );
    }
  }
  await sql`DROP FUNCTION document_search_words_sync(), course_search_words_sync()`.execute(db);
  await sql`DROP TABLE search_words`.execute(db);
  await sql`
    ALTER TABLE courses ALTER COLUMN search_vector SET EXPRESSION AS (
      setweight(to_tsvector('english', title || ' ' || coalesce(code, '')), 'A') ||
      setweight(to_tsvector('english', description), 'B'))`.execute(db);
  await sql`
    ALTER TABLE documents ALTER COLUMN search_vector SET EXPRESSION AS (
      setweight(to_tsvector('english', title), 'A') ||
      setweight(to_tsvector('english', description), 'B'))`.execute(db);
  await sql`
    ALTER TABLE document_pages ALTER COLUMN search_vector SET EXPRESSION AS (
      setweight(to_tsvector('english', body), 'C'))`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION search_title_vector(title text) RETURNS tsvector
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN to_tsvector('english', title) || to_tsvector('simple', title)`.execute(db);
  await sql`DROP FUNCTION search_text_vector(text), search_joined_words(text)`.execute(db);
  await sql`DROP TEXT SEARCH CONFIGURATION coursepack, coursepack_simple`.execute(db);
  await sql`SELECT refresh_course_search(ARRAY(SELECT id FROM courses))`.execute(db);
  await sql`SELECT refresh_document_search(ARRAY(SELECT id FROM documents))`.execute(db);
}
