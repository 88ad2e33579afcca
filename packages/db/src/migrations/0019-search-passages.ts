import { type Kysely, sql } from 'kysely';

/**
 * Search work bounded per document (issue 29): `search_passages` cuts each page's text into
 * passages of at most 2,000 characters, ending at a space so no word is cut in two (nor one a
 * line break hyphenates), each with its own vector. A page that short is one passage whose vector
 * is the page's own, copied; longer ones (a dense page of prose holds 3,000 to 5,000 characters,
 * a PDF's page may hold 100,000) are cut and their passages parsed.
 *
 * Snippets (`ts_headline`, which parses and stems all the text it is given) and the ranking of
 * a document by its page text read passages instead of whole pages: twelve documents of a
 * million characters made every search 5 to 15 times slower when both read their pages whole.
 * Matching is unchanged (`document_search.vector` still holds every word of every page), so
 * every word of a large document stays findable, and its passages say where.
 *
 * Kept by triggers on `document_pages` (insert, and update of `body`); deleted with their page.
 * Existing pages are cut here in one pass that parses only pages over 2,000 characters.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE search_passages (
      document_id integer NOT NULL,
      page_number integer NOT NULL,
      passage integer NOT NULL CHECK (passage >= 1),
      -- Where the passage is in the page's body: substr(body, start, length).
      start integer NOT NULL CHECK (start >= 1),
      length integer NOT NULL CHECK (length BETWEEN 1 AND 2000),
      vector tsvector NOT NULL,
      PRIMARY KEY (document_id, page_number, passage),
      FOREIGN KEY (document_id, page_number)
        REFERENCES document_pages (document_id, page_number) ON DELETE CASCADE ON UPDATE CASCADE
    )`.execute(db);

  // Passages of at most 2,000 characters; each ends at the last space after a word (not after
  // a hyphen: "photo-\nluminescence" is indexed joined) unless it is the last, or one word
  // fills it.
  await sql`
    CREATE FUNCTION search_passage_bounds(body text)
    RETURNS TABLE (passage integer, start integer, length integer)
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
    DECLARE
      total integer := length(body);
      at integer := 1;
      piece text;
      cut integer;
    BEGIN
      passage := 0;
      WHILE at <= total LOOP
        piece := substr(body, at, 2000);
        cut := length(piece);
        IF at + cut <= total THEN
          cut := coalesce(length(substring(piece FROM '^.*[^-[:space:]][[:space:]]')), cut);
        END IF;
        passage := passage + 1;
        start := at;
        length := cut;
        RETURN NEXT;
        at := at + cut;
      END LOOP;
    END $$`.execute(db);
  // A page's passages; a page that is one passage reuses its own vector.
  await sql`
    CREATE FUNCTION search_passages_of(
      document_id integer, page_number integer, body text, page_vector tsvector)
    RETURNS SETOF search_passages
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT document_id, page_number, b.passage, b.start, b.length,
             CASE WHEN b.length = length(body) THEN page_vector
                  ELSE setweight(search_text_vector(substr(body, b.start, b.length)), 'C') END
      FROM search_passage_bounds(body) AS b
    $$`.execute(db);

  await sql`
    CREATE FUNCTION document_pages_passages_sync() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' THEN
        DELETE FROM search_passages s
        USING new_rows n JOIN old_rows o USING (document_id, page_number)
        WHERE s.document_id = n.document_id AND s.page_number = n.page_number
          AND n.body IS DISTINCT FROM o.body;
        INSERT INTO search_passages
        SELECT x.* FROM new_rows n JOIN old_rows o USING (document_id, page_number)
        CROSS JOIN LATERAL search_passages_of(n.document_id, n.page_number, n.body, n.search_vector) x
        WHERE n.body IS DISTINCT FROM o.body;
      ELSE
        INSERT INTO search_passages
        SELECT x.* FROM new_rows n
        CROSS JOIN LATERAL search_passages_of(n.document_id, n.page_number, n.body, n.search_vector) x;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER document_pages_passages_insert AFTER INSERT ON document_pages
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION document_pages_passages_sync()`.execute(db);
  await sql`
    CREATE TRIGGER document_pages_passages_update AFTER UPDATE ON document_pages
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION document_pages_passages_sync()`.execute(db);

  await sql`
    INSERT INTO search_passages
    SELECT x.* FROM document_pages p
    CROSS JOIN LATERAL search_passages_of(p.document_id, p.page_number, p.body, p.search_vector) x`.execute(
    db,
  );
  await sql`ANALYZE search_passages`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER document_pages_passages_insert ON document_pages`.execute(db);
  await sql`DROP TRIGGER document_pages_passages_update ON document_pages`.execute(db);
  await sql`
    DROP FUNCTION document_pages_passages_sync(),
      search_passages_of(integer, integer, text, tsvector), search_passage_bounds(text)`.execute(
    db,
  );
  await sql`DROP TABLE search_passages`.execute(db);
}
