import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';
import { CATALOG_LIST, type CatalogList } from './catalog-lists';

export interface CatalogNameSuggestion {
  name: string;
  /** Published courses filed under it. */
  courseCount: number;
}

export const CATALOG_SUGGESTIONS_MAX = 8;

/**
 * Existing institutions or subjects whose name holds the text typed so far, compared as the
 * unique key compares names (case, accents and spacing ignored): names starting with it first,
 * then the most used. With nothing typed, the most used.
 */
export async function suggestCatalogNames(
  db: Kysely<Database>,
  list: CatalogList,
  typed: string,
): Promise<{ suggestions: CatalogNameSuggestion[] }> {
  const key = sql<string>`catalog_name_key(${typed})`;
  const { rows } = await sql<CatalogNameSuggestion>`
    SELECT e.name, count(c.id) FILTER (WHERE c.published)::int AS "courseCount"
    FROM ${sql.table(list)} e
    LEFT JOIN courses c ON ${sql.ref(`c.${CATALOG_LIST[list].column}`)} = e.id
    WHERE strpos(e.name_key, ${key}) > 0
    GROUP BY e.id
    ORDER BY strpos(e.name_key, ${key}) = 1 DESC, "courseCount" DESC, e.name
    LIMIT ${CATALOG_SUGGESTIONS_MAX}`.execute(db);
  return { suggestions: rows };
}
