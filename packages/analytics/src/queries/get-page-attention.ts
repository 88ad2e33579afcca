import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';
import {
  type AnalyticsOptions,
  type AnalyticsScope,
  botCondition,
  scopeCondition,
} from '../analytics-scope';
import { latestPageOfEachRead } from '../rollups/aggregate-events';
import { alignToHours, type StatsRange, wholeDays } from '../stats-range';
import { isoDay } from '../time';
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
    stops AS (${selectStops(scope, range, options)})
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

/**
 * Reads per page they stopped on: each read's (session, document) last presence ping with a
 * page, in range. Over a range that runs to the present (`to` at or after the rollups'
 * watermark, as the dashboards' and the stats API's default ranges do), that is where the read
 * stands, for the reads whose end came in the range: the counts of the range's whole days
 * (`analytics_read_end_days`) and the reads ending in the hours before the first
 * (`analytics_read_ends`). This takes every event the rollups hold to have come before `to`, as
 * it does when the collector's clock and the database's agree. Any other range (or
 * `options.source`) looks for each read's last session row in range.
 */
function selectStops(scope: AnalyticsScope, range: StatsRange, options: AnalyticsOptions) {
  const lastInRange = sql`
    SELECT last_page AS page, count(*) AS stops
    FROM (${latestPageOfEachRead(
      selectAnalyticsRows('sessions', scope, range, options),
      sql`last_page`,
    )}) AS last_pages
    GROUP BY last_page`;
  if (options.source) return lastInRange;
  const { from, to } = alignToHours(range);
  const { firstDay } = wholeDays({ from, to });
  const filter = sql`${scopeCondition(scope)} AND ${botCondition(options)}`;
  // Evaluated once: PostgreSQL runs only the branch whose condition holds.
  const toThePresent = sql`(SELECT processed_until <= ${to} FROM analytics_refresh_state)`;
  return sql`
    SELECT page, sum(reads)::integer AS stops
    FROM (
      SELECT page, reads FROM analytics_read_end_days AS r
      WHERE ${filter} AND r.day >= ${isoDay(firstDay)}::date
      UNION ALL
      SELECT last_page, 1 FROM analytics_read_ends AS r
      WHERE ${filter} AND r.last_page_at >= ${from} AND r.last_page_at < ${firstDay}
    ) AS ends
    WHERE ${toThePresent}
    GROUP BY page
    UNION ALL
    SELECT * FROM (${lastInRange}) AS last_in_range WHERE NOT coalesce(${toThePresent}, false)`;
}
