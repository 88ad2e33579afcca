import type { Database, DocumentKind } from '@coursepack/db/schema';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { HIGHLIGHT_END, HIGHLIGHT_START } from './highlight-delimiters';
import { parseSearchQuery, type SearchQuery } from './parse-search-query';
import {
  type PlannedQuery,
  planSearchQuery,
  type SearchTsQueries,
  searchTsQueries,
} from './plan-search-query';

export const RESULTS_PER_PAGE = 20;
/** Below this many results a close spelling is worth offering. */
const FEW_RESULTS = 3;
const COURSE_HITS = 5;
/** The course facet lists the courses with most matches; there can be thousands. */
const COURSE_FACET_SIZE = 15;
// Title (A) › description (B) › page text (D, presence only): see migration 0004-search.
const RANK_WEIGHTS = sql.raw(`'{0.1, 0.2, 0.4, 1.0}'::real[]`);
/**
 * Up to this many matches, documents that tie on title and description are ordered by how
 * often and how close together the words occur in their pages; beyond it, reading every
 * matching page would cost more than a results page may.
 */
const BODY_RANKED = 150;
/**
 * Counting a word's documents for its weight stops here: rarer than this is what matters, and
 * counting reads a row per document (a cap of 10,000 cost 35 ms a word at 100,000 documents).
 */
const IDF_CAP = 1000;
/** A partial match's rank is this per word it has, plus its rank as a match (below 1). */
const PER_WORD_FOUND = 10;
/**
 * Matches are counted exactly up to this many, and a results page reaches no further (50
 * pages): beyond it the total reads "1,000+" and the facets count the first matches found, as
 * hosted engines do (Meilisearch's maxTotalHits, Elasticsearch's track_total_hits). Counting
 * and grouping every match of a word in two documents of three cost more than a page may.
 */
export const MATCH_CAP = 1000;
/**
 * Page text is read in passages (`search_passages`, migration 0019: at most 2,000 characters).
 * A document is ranked by the first this many of its passages found, and its snippet is the
 * best of the first this many found having any of the words: a document of a million
 * characters costs a search what one of 32,000 does. Each scan stops at this many (no ORDER
 * BY: sorting would read every passage first; storage order is, as a rule, the document's).
 * Every word stays findable (matching reads the document's whole vector) and shown: a rare
 * word's passages are the ones found. Looking first for passages with every word read every
 * passage of a long document whose words are on different pages.
 */
export const PASSAGES_READ = 16;
const HEADLINE_OPTIONS = `StartSel=${HIGHLIGHT_START},StopSel=${HIGHLIGHT_END},MaxWords=35,MinWords=15,MaxFragments=1`;

export interface SearchFilters {
  subject?: string | undefined;
  institution?: string | undefined;
  course?: number | undefined;
  kind?: DocumentKind | undefined;
}

export type FacetName = keyof SearchFilters;

export interface SearchRequest extends SearchFilters {
  query: string;
  /** 1-based. */
  page: number;
  /** Search the words as typed, without correcting typos ("search instead for"). */
  verbatim?: boolean | undefined;
}

export interface FacetOption {
  value: string;
  label: string;
  count: number;
}

export interface CourseHit {
  id: number;
  slug: string;
  title: string;
  code: string | null;
  institutionName: string;
}

export interface DocumentHit {
  id: number;
  slug: string;
  title: string;
  kind: DocumentKind;
  course: { id: number; slug: string; title: string };
  /** The page whose text matched best; null when only the title or description matched. */
  page: number | null;
  /** Text around the match with HIGHLIGHT_START/END around matched words. */
  snippet: string;
  /** Words of the query this document lacks (partial matches only). */
  missing: string[];
}

export interface SearchResults {
  query: string;
  filters: SearchFilters;
  page: number;
  pageCount: number;
  /** Documents matching the query and every filter, counted up to the cap (MATCH_CAP). */
  total: number;
  /** More documents than `total` match: counting stopped at the cap. */
  totalCapped: boolean;
  /** Best matching courses (first page only, and not when filtering by course or kind). */
  courses: CourseHit[];
  documents: DocumentHit[];
  /** Per facet, the options with how many documents match the query and the *other* filters. */
  facets: Record<FacetName, FacetOption[]>;
  /**
   * The facets counted the first matches found, not all of them (more matched than the cap):
   * each count is a lower bound.
   */
  facetsCapped: boolean;
  /** "Did you mean": a corrected query that finds more, when this one finds few. */
  suggestion: string | undefined;
  /** "Showing results for": the query as searched, when typos in it were corrected. */
  correction: string | undefined;
  /** No document has every word: these are the documents with most of them. */
  partial: boolean;
}

const NO_FACETS: Record<FacetName, FacetOption[]> = {
  subject: [],
  institution: [],
  course: [],
  kind: [],
};

/**
 * Search results for the search page: published courses and ready, published documents
 * matching every word of the query (web-search syntax: "quoted phrases", -excluded, or),
 * in any field. Documents are ranked title › description › page text, paged, counted per
 * facet, and each shows a highlighted snippet of its best matching page.
 */
export async function searchCatalog(
  db: Kysely<Database>,
  request: SearchRequest,
  options: { matchCap?: number } = {},
): Promise<SearchResults> {
  const matchCap = options.matchCap ?? MATCH_CAP;
  const parsed = parseSearchQuery(request.query);
  const filters: SearchFilters = {
    subject: request.subject,
    institution: request.institution,
    course: request.course,
    kind: request.kind,
  };
  const page = Math.max(1, Math.floor(request.page));
  const empty: SearchResults = {
    query: parsed.text,
    filters,
    page,
    pageCount: 0,
    total: 0,
    totalCapped: false,
    courses: [],
    documents: [],
    facets: NO_FACETS,
    facetsCapped: false,
    suggestion: undefined,
    correction: undefined,
    partial: false,
  };
  if (parsed.words.length === 0) return empty;

  const plan = await planSearchQuery(db, parsed, { verbatim: request.verbatim });
  const queries = searchTsQueries(plan, parsed.text);
  const showCourses = page === 1 && filters.course === undefined && filters.kind === undefined;
  const [all, courses] = await Promise.all([
    searchDocuments(db, queries, filters, page, matchCap, undefined),
    showCourses ? searchCourses(db, queries, filters) : Promise.resolve([]),
  ]);
  // Every word first; when no document has them all, the documents with most of them.
  const partial = all.total === 0 && plan.terms.length > 1 && !plan.literal;
  const documents = partial
    ? await searchDocuments(db, queries, filters, page, matchCap, plan)
    : all;
  const results: SearchResults = {
    ...empty,
    pageCount: Math.ceil(documents.total / RESULTS_PER_PAGE),
    total: documents.total,
    totalCapped: documents.totalCapped,
    courses,
    documents: documents.hits,
    facets: documents.facets,
    facetsCapped: documents.facetsCapped,
    correction: plan.corrected,
    partial: partial && documents.total > 0,
  };
  // Searched as typed on request ("search instead for"): offer the correction it declined.
  if (request.verbatim && all.total + courses.length < FEW_RESULTS) {
    results.suggestion = await suggestIfBetter(db, parsed, all.total + courses.length);
  }
  return results;
}

interface DocumentsRow {
  total: number;
  totalCapped: boolean;
  hits: DocumentHit[];
  facets: Record<FacetName, FacetOption[]>;
  facetsCapped: boolean;
}

/**
 * One statement: the matching documents are collected up to one more than the cap (ids and
 * facet columns from the index's narrow rows), counted, cut to one page by rank, counted per
 * facet, and the page's rows alone read titles, pages and snippets.
 *
 * Past the cap, no common word has every match ordered: the page is ranked from the first
 * matches found and the documents whose title and description have every word (read through
 * their own index). A document with some words in its title and the others only in its pages
 * is then ranked only if it was among the first matches found.
 *
 * With `partial` (the plan), a document matches when it has any word, and those with every
 * word but one (the best there are) come first: the index finds them, so no document's large
 * vector is read for ranking, only for the page's missing words.
 */
async function searchDocuments(
  db: Kysely<Database>,
  queries: SearchTsQueries,
  filters: SearchFilters,
  page: number,
  matchCap: number,
  partial: PlannedQuery | undefined,
): Promise<DocumentsRow> {
  const where = (except?: FacetName) => filterSql(filters, except);
  const filteredRequest = Object.values(filters).some((value) => value !== undefined);
  const termRows = sql.join(queries.perTerm.map((query, i) => sql`(${i + 1}::bigint, ${query})`));
  const offset = (page - 1) * RESULTS_PER_PAGE;
  // The pages end at the cap, as the total does.
  const pageSize = Math.max(0, Math.min(RESULTS_PER_PAGE, matchCap - offset));
  // A document's rank by its title and description, read for it alone.
  const titleRank = (documentId: RawBuilder<unknown>) => sql`
    coalesce((SELECT ${rankSql(sql`d.search_vector`)} FROM documents d
              WHERE d.id = ${documentId} AND d.search_vector @@ q.any_query), 0)`;
  const candidates = partial
    ? sql`
      -- Most words first. No document has them all, so every word but one is the best bucket:
      -- its documents come first, then those with fewer words (counted alike past one).
      ${
        partial.terms.length > 2
          ? sql`best AS MATERIALIZED (
              SELECT m.document_id FROM document_search m CROSS JOIN q
              WHERE m.vector @@ q.best_query AND ${where()}
              LIMIT ${matchCap + 1}
            ),`
          : sql``
      }
      candidates AS (
        SELECT c.document_id, ${PER_WORD_FOUND} * c.words + ${titleRank(sql`c.document_id`)} AS rank
        FROM (
          SELECT document_id, max(words) AS words FROM (
            SELECT document_id, 1 AS words FROM matches
            ${partial.terms.length > 2 ? sql`UNION ALL SELECT document_id, ${partial.terms.length - 1} FROM best` : sql``}
          ) x GROUP BY document_id
        ) c CROSS JOIN q
      )`
    : sql`
      -- Documents whose title and description have every word, through their own index: each
      -- is a match whatever its pages hold.
      titled AS MATERIALIZED (
        SELECT d.id AS document_id, ${rankSql(sql`d.search_vector`)} AS rank
        FROM documents d, q
        WHERE d.search_vector @@ q.query
      ),
      candidates AS (
        -- The matches found, each ranked by its title and description.
        SELECT m.document_id, ${titleRank(sql`m.document_id`)} AS rank
        FROM matches m CROSS JOIN q
        UNION
        -- Past the cap, also the best titled documents, wherever they are among the matches
        -- (as many as this page needs).
        (SELECT t.document_id, t.rank
         FROM counted, titled t JOIN document_search m ON m.document_id = t.document_id
         WHERE counted.found > ${matchCap} AND ${where()}
         ORDER BY t.rank DESC, t.document_id DESC
         LIMIT ${offset + pageSize})
      )`;
  // A partial match has any of the words.
  const matchQuery = partial ? sql`q.any_query` : sql`q.query`;
  // The first matches found, up to the cap and one more. The filters are columns of the
  // index (migration 0014): a filter that keeps few matches reads only those.
  const firstMatches = (filter: RawBuilder<boolean>) => sql`
    SELECT m.document_id, m.course_id, m.subject_id, m.institution_id, m.kind
    FROM document_search m CROSS JOIN q
    WHERE m.vector @@ ${matchQuery} AND ${filter}
    LIMIT ${matchCap + 1}`;
  const ctes = sql`
      matches AS MATERIALIZED (${firstMatches(where())}),
      -- The facets count the first matches of the query alone (each facet applies the other
      -- filters); without filters, those are the matches already found.
      sample AS ${filteredRequest ? sql`MATERIALIZED (${firstMatches(sql`true`)})` : sql`(SELECT * FROM matches)`},
      counted AS (SELECT count(*)::int AS found FROM matches),
      ${candidates}`;
  const words = partial ? partial.terms.map((term) => term.corrections[0] ?? term.word) : [];
  const statement = sql<DocumentsRow>`
    WITH q AS (
      SELECT ${queries.match} AS query, ${queries.exact} AS exact_query,
             -- Any of the words, for choosing the page to show and highlighting it.
             ${queries.any} AS any_query,
             -- Every word but one, for partial matches.
             ${allButOne(queries.perTerm)} AS best_query
    ),
    -- One query per word. Materialized so the planner cannot see the words: seeing them, it
    -- took moderately common ones for very common, and counted their documents up to the cap
    -- by reading the table in order, every row's large vector (150 ms a word).
    terms(i, query) AS MATERIALIZED (VALUES ${termRows}),
    ${ctes},
    few AS (SELECT found <= ${BODY_RANKED} AS yes FROM counted),
    -- Rarer words weigh more (inverse document frequency, counted up to a cap). Materialized:
    -- inlined into the ranking of each match, the words' documents were counted once a match.
    weights AS MATERIALIZED (
      SELECT t.query, ln(
               greatest(n.documents, d.found + 1) / (d.found + 1)) AS idf
      FROM few, terms t
      CROSS JOIN (SELECT reltuples::float AS documents FROM pg_class
                  WHERE oid = 'document_search'::regclass) n
      CROSS JOIN LATERAL (
        SELECT count(*)::float AS found FROM (
          SELECT FROM document_search s WHERE s.vector @@ t.query LIMIT ${IDF_CAP}) x) d
      WHERE few.yes
    ),
    -- Two shapes, one of which runs: many matches are cut to the page by title and
    -- description rank alone (a top-N sort); few are ordered with their pages' rank too.
    hits AS (
      SELECT document_id, row_number() OVER (ORDER BY rank DESC, document_id DESC) AS position
      FROM (
        SELECT f.document_id, f.rank FROM candidates f, few WHERE NOT few.yes
        ORDER BY f.rank DESC, f.document_id DESC
        LIMIT ${pageSize} OFFSET ${offset}
      ) many
      UNION ALL
      SELECT document_id, position FROM (
        SELECT f.document_id,
               row_number() OVER (
                 ORDER BY f.rank DESC, body.rank DESC NULLS LAST, f.document_id DESC) AS position
        FROM candidates f
        CROSS JOIN few
        LEFT JOIN LATERAL (
          -- Per passage (a page, as a rule), so that long documents do not win by length alone.
          SELECT sum(w.idf * ts_rank_cd(p.vector, w.query))
                 / count(DISTINCT (p.page_number, p.passage)) AS rank
          FROM (
            SELECT p.page_number, p.passage, p.vector FROM search_passages p
            WHERE few.yes AND p.document_id = f.document_id
            LIMIT ${PASSAGES_READ}
          ) p CROSS JOIN weights w
        ) body ON true
        WHERE few.yes
        ORDER BY position
        LIMIT ${pageSize} OFFSET ${offset}
      ) ranked
    ),
    -- Every facet's counts in one pass over the sample: each facet counts the matches that
    -- pass the *other* filters (its ok_ column), one grouping set per facet.
    facet_counts AS (
      SELECT subject_id, institution_id, course_id, kind,
             ok_subject, ok_institution, ok_course, ok_kind, count(*)::int AS count
      FROM (
        SELECT m.subject_id, m.institution_id, m.course_id, m.kind,
               ${where('subject')} AS ok_subject, ${where('institution')} AS ok_institution,
               ${where('course')} AS ok_course, ${where('kind')} AS ok_kind
        FROM sample m
      ) m
      GROUP BY GROUPING SETS ((subject_id, ok_subject), (institution_id, ok_institution),
                              (course_id, ok_course), (kind, ok_kind))
    ),
    subject_facet AS (
      SELECT f.slug AS value, f.name AS label, n.count
      FROM facet_counts n JOIN subjects f ON f.id = n.subject_id WHERE n.ok_subject
    ),
    institution_facet AS (
      SELECT f.slug AS value, f.name AS label, n.count
      FROM facet_counts n JOIN institutions f ON f.id = n.institution_id WHERE n.ok_institution
    ),
    course_facet AS (
      SELECT c.id::text AS value, c.title AS label, n.count
      FROM (
        SELECT course_id, count FROM facet_counts WHERE ok_course
        ORDER BY count DESC, course_id
        LIMIT ${COURSE_FACET_SIZE}
      ) n JOIN courses c ON c.id = n.course_id
    ),
    kind_facet AS (
      SELECT kind AS value, kind AS label, count FROM facet_counts WHERE ok_kind
    )
    SELECT
      (SELECT least(found, ${matchCap}) FROM counted) AS total,
      (SELECT found > ${matchCap} FROM counted) AS "totalCapped",
      (SELECT count(*) > ${matchCap} FROM sample) AS "facetsCapped",
      coalesce((
        SELECT json_agg(json_build_object(
          'id', d.id, 'slug', d.slug, 'title', d.title, 'kind', d.kind,
          'course', json_build_object('id', c.id, 'slug', c.slug, 'title', c.title),
          'page', best.page_number,
          'snippet', ts_headline('coursepack',
            coalesce(substr(bp.body, best.start, best.length), nullif(d.description, ''), d.title),
            q.any_query, ${HEADLINE_OPTIONS}),
          'missing', ARRAY(
            SELECT w.word FROM unnest(${words}::text[]) WITH ORDINALITY AS w(word, i)
            JOIN terms t ON t.i = w.i
            WHERE NOT s.vector @@ t.query
              -- Stop words are in no index: no document lacks them.
              AND numnode(plainto_tsquery('coursepack', w.word)) > 0
            ORDER BY w.i)
        ) ORDER BY h.position)
        FROM hits h
        CROSS JOIN q
        JOIN documents d ON d.id = h.document_id
        JOIN document_search s ON s.document_id = h.document_id
        JOIN courses c ON c.id = d.course_id
        LEFT JOIN LATERAL (
          SELECT p.page_number, p.start, p.length FROM (
            SELECT * FROM search_passages p
            WHERE p.document_id = h.document_id AND p.vector @@ q.any_query
            LIMIT ${PASSAGES_READ}
          ) p
          ORDER BY ts_rank(p.vector, q.query) DESC, ts_rank(p.vector, q.any_query) DESC,
                   p.page_number, p.passage
          LIMIT 1
        ) best ON true
        -- Only the passage shown is read from its page.
        LEFT JOIN document_pages bp
          ON bp.document_id = h.document_id AND bp.page_number = best.page_number
      ), '[]') AS hits,
      json_build_object(
        'subject', ${facetJson('subject_facet')},
        'institution', ${facetJson('institution_facet')},
        'course', ${facetJson('course_facet')},
        'kind', ${facetJson('kind_facet')}
      ) AS facets`;
  // On a small catalogue the planner would scan `document_search` whole to test the words (and
  // count each word's documents): it does not count that this reads every large document's
  // vector out of line, which made twelve documents of a million characters a third of every
  // search's time (docs/search.md). The GIN index reads no vector.
  const { rows } = await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    return statement.execute(trx);
  });
  const row = rows[0];
  if (!row) throw new Error('the search statement returned no row');
  return row;
}

/** Every word but one, any one: (b & c) | (a & c) | (a & b). */
function allButOne(perTerm: readonly RawBuilder<string>[]): RawBuilder<string> {
  if (perTerm.length < 2) return sql<string>`''::tsquery`;
  const without = perTerm.map(
    (_, skipped) =>
      sql`(${sql.join(
        perTerm.filter((__, i) => i !== skipped),
        sql` && `,
      )})`,
  );
  return sql<string>`(${sql.join(without, sql` || `)})`;
}

function facetJson(table: string): RawBuilder<unknown> {
  return sql`coalesce((
    SELECT json_agg(json_build_object('value', value, 'label', label, 'count', count)
                    ORDER BY count DESC, label)
    FROM ${sql.table(table)}), '[]')`;
}

/** The filters as a condition on `matched m`, leaving one out to count that facet's options. */
function filterSql(filters: SearchFilters, except?: FacetName): RawBuilder<boolean> {
  const conditions: RawBuilder<boolean>[] = [sql<boolean>`true`];
  if (filters.subject !== undefined && except !== 'subject') {
    conditions.push(
      sql<boolean>`m.subject_id = (SELECT id FROM subjects WHERE slug = ${filters.subject})`,
    );
  }
  if (filters.institution !== undefined && except !== 'institution') {
    conditions.push(
      sql<boolean>`m.institution_id = (SELECT id FROM institutions WHERE slug = ${filters.institution})`,
    );
  }
  if (filters.course !== undefined && except !== 'course') {
    conditions.push(sql<boolean>`m.course_id = ${filters.course}`);
  }
  if (filters.kind !== undefined && except !== 'kind') {
    conditions.push(sql<boolean>`m.kind = ${filters.kind}`);
  }
  return sql<boolean>`${sql.join(conditions, sql` AND `)}`;
}

/**
 * Exact words outrank prefixes and corrections, within the field weights: a title or
 * description with every word as typed counts double (one rank and a test, not two ranks).
 */
function rankSql(vector: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`ts_rank(${RANK_WEIGHTS}, ${vector}, q.query)
    * (CASE WHEN ${vector} @@ q.exact_query THEN 1 ELSE 0.5 END)`;
}

async function searchCourses(
  db: Kysely<Database>,
  queries: SearchTsQueries,
  filters: SearchFilters,
): Promise<CourseHit[]> {
  const conditions: RawBuilder<boolean>[] = [sql<boolean>`s.vector @@ q.query`];
  if (filters.subject !== undefined) {
    conditions.push(
      sql<boolean>`s.subject_id = (SELECT id FROM subjects WHERE slug = ${filters.subject})`,
    );
  }
  if (filters.institution !== undefined) {
    conditions.push(
      sql<boolean>`s.institution_id = (SELECT id FROM institutions WHERE slug = ${filters.institution})`,
    );
  }
  const { rows } = await sql<CourseHit>`
    SELECT c.id, c.slug, c.title, c.code, i.name AS "institutionName"
    FROM course_search s
    CROSS JOIN (SELECT ${queries.match} AS query, ${queries.exact} AS exact_query) q
    JOIN courses c ON c.id = s.course_id
    JOIN institutions i ON i.id = c.institution_id
    WHERE ${sql.join(conditions, sql` AND `)}
    ORDER BY ${rankSql(sql`s.vector`)} DESC, c.id
    LIMIT ${COURSE_HITS}`.execute(db);
  return rows;
}

/** The corrected query, if it finds more than the query as typed. */
async function suggestIfBetter(
  db: Kysely<Database>,
  parsed: SearchQuery,
  found: number,
): Promise<string | undefined> {
  const suggestion = (await planSearchQuery(db, parsed)).corrected;
  if (!suggestion) return undefined;
  const { rows } = await sql<{ found: number }>`
    WITH q AS (SELECT websearch_to_tsquery('coursepack', ${suggestion}) AS query)
    SELECT (SELECT count(*) FROM (
              SELECT FROM document_search s, q WHERE s.vector @@ q.query LIMIT ${FEW_RESULTS}) d)
         + (SELECT count(*) FROM (
              SELECT FROM course_search s, q WHERE s.vector @@ q.query LIMIT ${FEW_RESULTS}) c)
         AS found`.execute(db);
  return Number(rows[0]?.found ?? 0) > found ? suggestion : undefined;
}
