import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';
import type { AnalyticsOptions, AnalyticsScope } from './analytics-scope';
import { executeAnalyticsQuery } from './execute-analytics-query';
import { selectAnalyticsRows } from './select-analytics-rows';
import { selectSessionSets, sessionSetScope } from './select-session-sets';
import type { StatsRange } from './stats-range';

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
  const setScope = sessionSetScope(scope, options);
  const stops = setScope
    ? // Each day's stoppers per page, less the readers of the document on later days.
      sql`
      WITH s AS MATERIALIZED (
        SELECT day, split_part(value, ':', 1) AS doc, split_part(value, ':', 2)::integer AS page,
          sessions
        FROM ${selectSessionSets(setScope, ['stop'], scope, range, options, true)} AS s
      ),
      days AS (
        SELECT doc, day, analytics_int_union(sessions) AS readers FROM s GROUP BY doc, day
      ),
      later AS (
        SELECT doc, day, analytics_int_union(readers) OVER (
          PARTITION BY doc ORDER BY day DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING
        ) AS readers
        FROM days
      )
      SELECT s.page, sum(icount(s.sessions - coalesce(later.readers, '{}'))) AS stops
      FROM s JOIN later USING (doc, day)
      GROUP BY s.page
      HAVING sum(icount(s.sessions - coalesce(later.readers, '{}'))) > 0`
    : sql`
      SELECT last_page AS page, count(*) AS stops
      FROM (
        SELECT DISTINCT ON (session_key, doc_id) last_page
        FROM ${selectAnalyticsRows('sessions', scope, range, options)} AS s
        WHERE last_page IS NOT NULL AND doc_id IS NOT NULL
        ORDER BY session_key, doc_id, last_page_at DESC
      ) AS last_pages
      GROUP BY last_page`;
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
    stops AS (${stops})
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
