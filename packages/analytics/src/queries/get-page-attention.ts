import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';
import type { AnalyticsOptions, AnalyticsScope } from '../analytics-scope';
import type { StatsRange } from '../stats-range';
import { executeAnalyticsQuery } from './execute-analytics-query';
import { selectAnalyticsRows } from './select-analytics-rows';

export interface PageAttention {
  page: number;
  /** Active reading time while this page was in view. */
  activeSeconds: number;
  /** Reads (session, document) whose last presence ping in range was on this page. */
  stops: number;
}

/**
 * Page-by-page attention: active time per page in view (from presence pings' `action_meta.page`)
 * and where readers stop. Meant for a document; for a wider scope pages of the same number are
 * added up across documents.
 */
export async function getPageAttention(
  db: Kysely<Database>,
  scope: AnalyticsScope,
  range: StatsRange,
  options: AnalyticsOptions = {},
): Promise<PageAttention[]> {
  const pages = selectAnalyticsRows('pages', scope, range, options);
  const sessions = selectAnalyticsRows('sessions', scope, range, options);
  const result = await executeAnalyticsQuery(
    db,
    sql<{ page: number; active_ms: number; stops: number }>`
    WITH attention AS (
      -- A refresh may leave a page's total at zero pings (its reader's day was recomputed).
      SELECT page, sum(active_ms) AS active_ms
      FROM ${pages} AS p
      GROUP BY page
      HAVING sum(pings) > 0
    ),
    stops AS (
      SELECT last_page AS page, count(*) AS stops
      FROM (
        SELECT DISTINCT ON (session_key, doc_id) last_page
        FROM ${sessions} AS s
        WHERE last_page IS NOT NULL AND doc_id IS NOT NULL
        ORDER BY session_key, doc_id, last_page_at DESC
      ) AS last_pages
      GROUP BY last_page
    )
    SELECT page, coalesce(attention.active_ms, 0) AS active_ms, coalesce(stops.stops, 0) AS stops
    FROM attention FULL JOIN stops USING (page)
    ORDER BY page`,
  );
  return result.rows.map((row) => ({
    page: row.page,
    activeSeconds: row.active_ms / 1000,
    stops: row.stops,
  }));
}
