import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';
import type { AnalyticsOptions, AnalyticsScope } from '../analytics-scope';
import type { StatsRange } from '../stats-range';
import { executeAnalyticsQuery } from './execute-analytics-query';
import { selectAnalyticsRows } from './select-analytics-rows';
import { everyoneDimension, readerSetScope, selectSessionSets } from './select-session-sets';

export interface OverviewStats {
  /** Distinct visitor sessions (`session_id`) with any event in scope and range. */
  sessions: number;
  /** Page views (`page` / `view` events). */
  views: number;
  /** Active reading time: presence `active` pings, each worth the gap to the next ping, ≤ 5 s. */
  activeSeconds: number;
  /** Distinct (session, document) pairs: one reader of one document. */
  reads: number;
  /** Mean furthest scroll depth (0–100) over reads; null without reads. */
  averageDepth: number | null;
}

/** The headline figures of a scope and range (call it again with `previousPeriod` to compare). */
export async function getOverviewStats(
  db: Kysely<Database>,
  scope: AnalyticsScope,
  range: StatsRange,
  options: AnalyticsOptions = {},
): Promise<OverviewStats> {
  const setScope = readerSetScope(scope, options);
  const result = await executeAnalyticsQuery(
    db,
    sql<{
      sessions: number;
      views: number;
      active_ms: number;
      reads: number;
      depth_sum: number | null;
    }>`${setScope ? fromSessionSets(setScope, scope, range, options) : fromRows(scope, range, options)}`,
  );
  const row = result.rows[0];
  return {
    sessions: row?.sessions ?? 0,
    views: row?.views ?? 0,
    activeSeconds: (row?.active_ms ?? 0) / 1000,
    reads: row?.reads ?? 0,
    // The same division whichever way the figures were counted, so both give the same number.
    averageDepth: row?.reads ? (row.depth_sum ?? 0) / row.reads : null,
  };
}

function fromRows(scope: AnalyticsScope, range: StatsRange, options: AnalyticsOptions) {
  const rows = selectAnalyticsRows('sessions', scope, range, options);
  return sql`
    WITH r AS MATERIALIZED (SELECT session_key, doc_id, views, active_ms, max_depth FROM ${rows} AS r),
    reads AS (
      SELECT max(max_depth) AS depth FROM r WHERE doc_id IS NOT NULL GROUP BY session_key, doc_id
    )
    SELECT
      (SELECT count(*) FROM (SELECT session_key FROM r GROUP BY session_key) AS s) AS sessions,
      (SELECT coalesce(sum(views), 0) FROM r) AS views,
      (SELECT coalesce(sum(active_ms), 0) FROM r) AS active_ms,
      (SELECT count(*) FROM reads) AS reads,
      (SELECT sum(depth) FROM reads) AS depth_sum`;
}

// Reads are the readers of each document added up; their depths, 25 for each level reached.
// Everyone in scope is the `sessions` set, or a document's own `document` set.
function fromSessionSets(
  setScope: string,
  scope: AnalyticsScope,
  range: StatsRange,
  options: AnalyticsOptions,
) {
  const everyone = everyoneDimension(scope);
  const dimensions = [...new Set([everyone, 'document', 'depth'])];
  const sets = selectSessionSets(setScope, dimensions, scope, range, options);
  return sql`
    WITH s AS MATERIALIZED (SELECT * FROM ${sets} AS s),
    per_value AS (
      SELECT dimension, icount(analytics_int_union(sessions)) AS n
      FROM s WHERE dimension <> 'sessions' GROUP BY dimension, value
    )
    SELECT
      (SELECT icount(analytics_int_union(sessions)) FROM s WHERE dimension = ${everyone}) AS sessions,
      (SELECT coalesce(sum(views), 0) FROM s WHERE dimension = ${everyone}) AS views,
      (SELECT coalesce(sum(active_ms), 0) FROM s WHERE dimension = ${everyone}) AS active_ms,
      (SELECT coalesce(sum(n), 0) FROM per_value WHERE dimension = 'document') AS reads,
      (SELECT 25 * sum(n) FROM per_value WHERE dimension = 'depth') AS depth_sum`;
}
