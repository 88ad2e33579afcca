import { type Kysely, sql } from 'kysely';

/**
 * The search index, kept in step with the catalogue by triggers (documents arrive through
 * the seed, the upload pipeline and tests alike, so no code path can forget it):
 *
 * - `document_search` has one row per *searchable* document (published, ready, in a published
 *   course), so queries need no visibility filters and facet counts read a narrow table.
 *   `vector` is what a query must match: the title (A) and description (B) with positions
 *   plus every lexeme of every page, stripped of positions. Matching across fields works
 *   ("eigenvalues" in the title, "proof" on page 3). Ranking reads only `rank_vector`, the
 *   small title/description vector stored inline, never the large toasted one: page text
 *   adds the same presence to every body match, so it would not change the order and reading
 *   it for thousands of matches is what makes naive full-text search slow.
 *   `title_vector` holds English stems and plain lower-case words of the title, so typeahead
 *   can match whole words by stem and the word being typed by prefix, without stemming a
 *   half-typed word.
 * - `course_search` is the same for published courses (title and code, then description).
 * - `search_terms` is the vocabulary of titles and descriptions of searchable courses and
 *   documents with how many contain each word, for "did you mean" (trigram nearest
 *   neighbours) and for correcting typos as you type. Page text is left out on purpose:
 *   it is where typos and OCR noise live, and suggestions should be words people title
 *   things with.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE document_search (
      document_id integer PRIMARY KEY REFERENCES documents (id) ON DELETE CASCADE,
      course_id integer NOT NULL,
      subject_id integer NOT NULL,
      institution_id integer NOT NULL,
      kind text NOT NULL,
      title_vector tsvector NOT NULL,
      rank_vector tsvector NOT NULL,
      vector tsvector NOT NULL,
      spelling tsvector NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX document_search_vector_idx ON document_search USING gin (vector)`.execute(
    db,
  );
  await sql`CREATE INDEX document_search_title_idx ON document_search USING gin (title_vector)`.execute(
    db,
  );

  await sql`
    CREATE TABLE course_search (
      course_id integer PRIMARY KEY REFERENCES courses (id) ON DELETE CASCADE,
      subject_id integer NOT NULL,
      institution_id integer NOT NULL,
      title_vector tsvector NOT NULL,
      vector tsvector NOT NULL,
      spelling tsvector NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX course_search_vector_idx ON course_search USING gin (vector)`.execute(db);
  await sql`CREATE INDEX course_search_title_idx ON course_search USING gin (title_vector)`.execute(
    db,
  );

  await sql`
    CREATE TABLE search_terms (
      term text PRIMARY KEY,
      frequency integer NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX search_terms_trgm_idx ON search_terms USING gist (term gist_trgm_ops)`.execute(
    db,
  );
  // "Is there a word starting with what is being typed?"
  await sql`CREATE INDEX search_terms_prefix_idx ON search_terms (term text_pattern_ops)`.execute(
    db,
  );

  // Title words as typed (lower case, unstemmed) plus their English stems.
  await sql`
    CREATE FUNCTION search_title_vector(title text) RETURNS tsvector
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN to_tsvector('english', title) || to_tsvector('simple', title)`.execute(db);
  // Plain words worth suggesting: letters only, 3 to 40 of them.
  await sql`
    CREATE FUNCTION search_spelling(text text) RETURNS tsvector
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN coalesce(
      (SELECT array_to_tsvector(array_agg(word))
       FROM unnest(tsvector_to_array(to_tsvector('simple', text))) AS word
       WHERE word ~ '^[[:alpha:]]{3,40}$'),
      ''::tsvector)`.execute(db);

  await sql`
    CREATE FUNCTION refresh_document_search(ids integer[]) RETURNS void
    LANGUAGE sql AS $$
      DELETE FROM document_search s
      WHERE s.document_id = ANY (ids)
        AND NOT EXISTS (
          SELECT FROM documents d JOIN courses c ON c.id = d.course_id
          WHERE d.id = s.document_id AND d.published AND d.status = 'ready' AND c.published);
      INSERT INTO document_search AS s
        (document_id, course_id, subject_id, institution_id, kind,
         title_vector, rank_vector, vector, spelling)
      SELECT d.id, d.course_id, c.subject_id, c.institution_id, d.kind,
             search_title_vector(d.title), d.search_vector,
             d.search_vector || coalesce(body.lexemes, ''::tsvector),
             search_spelling(d.title || ' ' || d.description)
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
        title_vector = excluded.title_vector, rank_vector = excluded.rank_vector,
        vector = excluded.vector, spelling = excluded.spelling;
    $$`.execute(db);

  await sql`
    CREATE FUNCTION refresh_course_search(ids integer[]) RETURNS void
    LANGUAGE sql AS $$
      DELETE FROM course_search s
      WHERE s.course_id = ANY (ids)
        AND NOT EXISTS (SELECT FROM courses c WHERE c.id = s.course_id AND c.published);
      INSERT INTO course_search AS s
        (course_id, subject_id, institution_id, title_vector, vector, spelling)
      SELECT c.id, c.subject_id, c.institution_id,
             search_title_vector(c.title || ' ' || coalesce(c.code, '')), c.search_vector,
             search_spelling(c.title || ' ' || c.description)
      FROM courses c
      WHERE c.id = ANY (ids) AND c.published
      ORDER BY c.id
      ON CONFLICT (course_id) DO UPDATE SET
        subject_id = excluded.subject_id, institution_id = excluded.institution_id,
        title_vector = excluded.title_vector, vector = excluded.vector,
        spelling = excluded.spelling;
    $$`.execute(db);

  // Statement-level triggers with transition tables: a bulk insert of 100,000 rows refreshes
  // the index in one set-based statement instead of 100,000 row-level calls.
  await sql`
    CREATE FUNCTION documents_search_sync() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        PERFORM refresh_document_search(ARRAY(SELECT id FROM new_rows));
      ELSE
        PERFORM refresh_document_search(ARRAY(
          SELECT n.id FROM new_rows n JOIN old_rows o USING (id)
          WHERE (n.title, n.description, n.kind, n.course_id, n.published, n.status)
            IS DISTINCT FROM (o.title, o.description, o.kind, o.course_id, o.published, o.status)));
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER documents_search_insert AFTER INSERT ON documents
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION documents_search_sync()`.execute(db);
  await sql`
    CREATE TRIGGER documents_search_update AFTER UPDATE ON documents
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION documents_search_sync()`.execute(db);

  await sql`
    CREATE FUNCTION document_pages_search_sync() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        PERFORM refresh_document_search(ARRAY(SELECT DISTINCT document_id FROM new_rows));
      ELSIF TG_OP = 'DELETE' THEN
        PERFORM refresh_document_search(ARRAY(SELECT DISTINCT document_id FROM old_rows));
      ELSE
        PERFORM refresh_document_search(ARRAY(
          SELECT document_id FROM new_rows UNION SELECT document_id FROM old_rows));
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  for (const [event, transition] of [
    ['INSERT', 'NEW TABLE AS new_rows'],
    ['UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
    ['DELETE', 'OLD TABLE AS old_rows'],
  ] as const) {
    await sql`
      CREATE TRIGGER ${sql.raw(`document_pages_search_${event.toLowerCase()}`)}
      AFTER ${sql.raw(event)} ON document_pages
      REFERENCING ${sql.raw(transition)}
      FOR EACH STATEMENT EXECUTE FUNCTION document_pages_search_sync()`.execute(db);
  }

  await sql`
    CREATE FUNCTION courses_search_sync() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        PERFORM refresh_course_search(ARRAY(SELECT id FROM new_rows));
      ELSE
        PERFORM refresh_course_search(ARRAY(
          SELECT n.id FROM new_rows n JOIN old_rows o USING (id)
          WHERE (n.title, n.code, n.description, n.published, n.subject_id, n.institution_id)
            IS DISTINCT FROM (o.title, o.code, o.description, o.published, o.subject_id, o.institution_id)));
        -- A course's visibility, subject and institution are its documents' too.
        PERFORM refresh_document_search(ARRAY(
          SELECT d.id FROM documents d
          JOIN new_rows n ON n.id = d.course_id JOIN old_rows o ON o.id = n.id
          WHERE (n.published, n.subject_id, n.institution_id)
            IS DISTINCT FROM (o.published, o.subject_id, o.institution_id)));
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER courses_search_insert AFTER INSERT ON courses
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION courses_search_sync()`.execute(db);
  await sql`
    CREATE TRIGGER courses_search_update AFTER UPDATE ON courses
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION courses_search_sync()`.execute(db);

  // The vocabulary follows the two index tables. Terms are locked in term order so that
  // concurrent uploads sharing words cannot deadlock.
  await sql`
    CREATE FUNCTION search_terms_sync() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        INSERT INTO search_terms AS t (term, frequency)
        SELECT term, -count(*) FROM old_rows, unnest(tsvector_to_array(spelling)) AS term
        GROUP BY term ORDER BY term
        ON CONFLICT (term) DO UPDATE SET frequency = t.frequency + excluded.frequency;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO search_terms AS t (term, frequency)
        SELECT term, count(*) FROM new_rows, unnest(tsvector_to_array(spelling)) AS term
        GROUP BY term ORDER BY term
        ON CONFLICT (term) DO UPDATE SET frequency = t.frequency + excluded.frequency;
      END IF;
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        DELETE FROM search_terms t
        USING (SELECT DISTINCT term FROM old_rows, unnest(tsvector_to_array(spelling)) AS term) o
        WHERE t.term = o.term AND t.frequency <= 0;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  for (const table of ['document_search', 'course_search']) {
    for (const [event, transition] of [
      ['INSERT', 'NEW TABLE AS new_rows'],
      ['UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
      ['DELETE', 'OLD TABLE AS old_rows'],
    ] as const) {
      await sql`
        CREATE TRIGGER ${sql.raw(`${table}_terms_${event.toLowerCase()}`)}
        AFTER ${sql.raw(event)} ON ${sql.table(table)}
        REFERENCING ${sql.raw(transition)}
        FOR EACH STATEMENT EXECUTE FUNCTION search_terms_sync()`.execute(db);
    }
  }

  // Index what is already there.
  await sql`SELECT refresh_course_search(ARRAY(SELECT id FROM courses))`.execute(db);
  await sql`SELECT refresh_document_search(ARRAY(SELECT id FROM documents))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER documents_search_insert ON documents`.execute(db);
  await sql`DROP TRIGGER documents_search_update ON documents`.execute(db);
  await sql`DROP TRIGGER courses_search_insert ON courses`.execute(db);
  await sql`DROP TRIGGER courses_search_update ON courses`.execute(db);
  for (const event of ['insert', 'update', 'delete']) {
    await sql`DROP TRIGGER ${sql.raw(`document_pages_search_${event}`)} ON document_pages`.execute(
      db,
    );
  }
  await sql`DROP TABLE document_search, course_search, search_terms`.execute(db);
  await sql`
    DROP FUNCTION documents_search_sync(), document_pages_search_sync(), courses_search_sync(),
      search_terms_sync(), refresh_document_search(integer[]), refresh_course_search(integer[]),
      search_title_vector(text), search_spelling(text)`.execute(db);
}
