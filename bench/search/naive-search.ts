import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';

/**
 * The baselines, measured in the same run as the real thing: what search did before the
 * search index (migration 0004-search), straight over the catalogue tables.
 */

/**
 * The former `searchCatalog`: documents joined to courses with visibility filters, each
 * document's best page found by ranking every matching page, no count, no facets.
 */
export async function naiveSearchPage(
  db: Kysely<Database>,
  query: string,
  offset: number,
): Promise<number> {
  const tsquery = sql`websearch_to_tsquery('english', ${query})`;
  const { rows } = await sql`
    SELECT d.id, best.page_number,
           ts_headline('english', coalesce(best.body, d.description), ${tsquery}) AS snippet
    FROM documents d
    JOIN courses c ON c.id = d.course_id
    LEFT JOIN LATERAL (
      SELECT p.page_number, p.body, ts_rank(p.search_vector, ${tsquery}) AS page_rank
      FROM document_pages p
      WHERE p.document_id = d.id AND p.search_vector @@ ${tsquery}
      ORDER BY page_rank DESC, p.page_number
      LIMIT 1
    ) best ON true
    WHERE d.published AND d.status = 'ready' AND c.published
      AND (d.search_vector @@ ${tsquery} OR best.page_number IS NOT NULL)
    ORDER BY ts_rank(d.search_vector, ${tsquery}) * 2 + coalesce(best.page_rank, 0) DESC, d.id
    LIMIT 20 OFFSET ${offset}`.execute(db);
  return rows.length;
}

/**
 * Typeahead the obvious way: every typed fragment somewhere in the title (ILIKE, served by
 * the trigram index on titles from migration 0001), visible documents only, shortest first.
 */
export async function naiveSuggest(
  db: Kysely<Database>,
  words: readonly string[],
): Promise<number> {
  const conditions = words.map((word) => sql<boolean>`d.title ILIKE ${`%${word}%`}`);
  const { rows } = await sql`
    SELECT d.id, d.title
    FROM documents d
    JOIN courses c ON c.id = d.course_id
    WHERE d.published AND d.status = 'ready' AND c.published
      AND ${sql.join(conditions, sql` AND `)}
    ORDER BY length(d.title), d.id
    LIMIT 8`.execute(db);
  return rows.length;
}
