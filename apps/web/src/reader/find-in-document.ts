import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';
import { selectDocumentSummaries } from '@/catalog/document-summary';
import { HIGHLIGHT_END, HIGHLIGHT_START } from '@/search/highlight-delimiters';
import { parseSearchQuery } from '@/search/parse-search-query';
import { planSearchQuery, searchTsQueries } from '@/search/plan-search-query';

/** Pages listed for one query: past this, the reader says there are more and to refine it. */
export const MAX_FIND_HITS = 100;

const SNIPPET_OPTIONS = `StartSel=${HIGHLIGHT_START},StopSel=${HIGHLIGHT_END},MaxWords=18,MinWords=8,MaxFragments=1`;

export interface FindHit {
  page: number;
  /** The words around the match, matched words between the search highlight delimiters. */
  snippet: string;
}

export interface FoundInDocument {
  /** The query as searched (parseSearchQuery). */
  query: string;
  /**
   * The words to mark on the pages: the query's words (folded: lower case, hyphens joined) and
   * the spellings searched for them; the snippets' marked words add the forms a page holds.
   */
  terms: string[];
  /** Pages with every word, in page order; when no page has them all, pages with any. */
  hits: FindHit[];
  /** Pages found, of which `hits` lists the first MAX_FIND_HITS. */
  total: number;
  /** False when no page has every word and `hits` are pages with some of them. */
  allWords: boolean;
}

/**
 * Find in one document: the pages of a document anyone may read whose text
 * matches the query, folded, by prefix and with typos forgiven as the site search does
 * (docs/search.md: the same planning and tsqueries), in page order, each with a snippet.
 * `undefined` when there is no such document.
 */
export async function findInDocument(
  db: Kysely<Database>,
  documentId: number,
  rawQuery: string,
): Promise<FoundInDocument | undefined> {
  const visible = await selectDocumentSummaries(db)
    .clearSelect()
    .select('d.id')
    .where('d.id', '=', documentId)
    .executeTakeFirst();
  if (!visible) return undefined;
  const parsed = parseSearchQuery(rawQuery);
  if (parsed.words.length === 0) {
    return { query: parsed.text, terms: [], hits: [], total: 0, allWords: true };
  }
  const plan = await planSearchQuery(db, parsed);
  const queries = searchTsQueries(plan, parsed.text);
  const { rows } = await sql<{ page: number; snippet: string; total: number; all_words: boolean }>`
    WITH found AS (
      SELECT page_number, body, search_vector @@ ${queries.match} AS all_words
      FROM document_pages
      WHERE document_id = ${documentId} AND search_vector @@ ${queries.any}
    ), chosen AS (
      SELECT * FROM found
      WHERE all_words OR NOT EXISTS (SELECT 1 FROM found WHERE all_words)
    ), listed AS (
      SELECT page_number, body, all_words, count(*) OVER () AS total
      FROM chosen ORDER BY page_number LIMIT ${MAX_FIND_HITS}
    )
    SELECT page_number AS page, total::int AS total, all_words,
      ts_headline('coursepack', body, ${queries.any}, ${SNIPPET_OPTIONS}) AS snippet
    FROM listed ORDER BY page_number`.execute(db);
  return {
    query: parsed.text,
    terms: [...new Set(plan.terms.flatMap((term) => [term.word, ...term.corrections]))],
    hits: rows.map(({ page, snippet }) => ({ page, snippet })),
    total: rows[0]?.total ?? 0,
    allWords: rows[0]?.all_words ?? true,
  };
}
