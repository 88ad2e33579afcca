import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';
import type { AnalyticsOptions, AnalyticsScope } from '../analytics-scope';
import type { StatsRange } from '../stats-range';
import { executeAnalyticsQuery } from './execute-analytics-query';
import { selectAnalyticsRows } from './select-analytics-rows';
import {
  everyoneDimension,
  readerSetScope,
  SET_SESSIONS,
  selectSessionSets,
} from './select-session-sets';

export const DEPTH_LEVELS = [25, 50, 75, 100] as const;
export type DepthLevel = (typeof DEPTH_LEVELS)[number];

/** How far readers got: the furthest scroll depth per session and document, as a funnel. */
export interface DepthFunnel {
  /** Distinct (session, document) pairs: one reader of one document, everyone who opened one. */
  reads: number;
  /** Reads whose furthest `scroll_*` in range reached at least each level (100 = ≥ 95 %). */
  reached: Record<DepthLevel, number>;
}

export interface OverviewStats extends DepthFunnel {
  /** Distinct visitor sessions (`session_id`) with any event in scope and range. */
  sessions: number;
  /** Page views (`page` / `view` events). */
  views: number;
  /** Active reading time: presence `active` pings, each worth the gap to the next ping, ≤ 5 s. */
  activeSeconds: number;
  /** Mean furthest scroll depth (0–100) over reads; null without reads. */
  averageDepth: number | null;
}

/** The reads that reached each level, as the columns `d25` … `d100`. */
type ReachedColumns = Record<`d${DepthLevel}`, number>;

/**
 * The headline figures of a scope and range, with its depth funnel (counted from the same
 * reads; call it again with `previousPeriod` to compare).
 */
export async function getOverviewStats(
  db: Kysely<Database>,
  scope: AnalyticsScope,
  range: StatsRange,
  options: AnalyticsOptions = {},
): Promise<OverviewStats> {
  const setScope = readerSetScope(scope, options);
  const result = await executeAnalyticsQuery(
    db,
    sql<
      { sessions: number; views: number; active_ms: number; reads: number } & ReachedColumns
    >`${setScope ? fromSessionSets(setScope, scope, range, options) : fromRows(scope, range, options)}`,
  );
  const row = result.rows[0];
  const reached = Object.fromEntries(
    DEPTH_LEVELS.map((level) => [level, row?.[`d${level}`] ?? 0]),
  ) as Record<DepthLevel, number>;
  const reads = row?.reads ?? 0;
  // A read's depth is 25 for each level it reached.
  const depthSum = DEPTH_LEVELS.reduce((sum, level) => sum + 25 * reached[level], 0);
  return {
    sessions: row?.sessions ?? 0,
    views: row?.views ?? 0,
    activeSeconds: (row?.active_ms ?? 0) / 1000,
    reads,
    reached,
    averageDepth: reads ? depthSum / reads : null,
  };
}

function fromRows(scope: AnalyticsScope, range: StatsRange, options: AnalyticsOptions) {
  const rows = selectAnalyticsRows('sessions', scope, range, options);
  const reached = sql.join(
    DEPTH_LEVELS.map(
      (level) => sql`count(*) FILTER (WHERE depth >= ${sql.lit(level)}) AS ${sql.ref(`d${level}`)}`,
    ),
  );
  return sql`
    WITH r AS MATERIALIZED (SELECT session_key, doc_id, views, active_ms, max_depth FROM ${rows} AS r),
    reads AS (
      SELECT max(max_depth) AS depth FROM r WHERE doc_id IS NOT NULL GROUP BY session_key, doc_id
    )
    SELECT
      (SELECT count(*) FROM (SELECT session_key FROM r GROUP BY session_key) AS s) AS sessions,
      (SELECT coalesce(sum(views), 0) FROM r) AS views,
      (SELECT coalesce(sum(active_ms), 0) FROM r) AS active_ms,
      counted.*
    FROM (SELECT count(*) AS reads, ${reached} FROM reads) AS counted`;
}

// Reads are the readers of each document added up; those reaching a level, the readers of each
// document's level. Everyone in scope is the `sessions` set, or a document's own `document` set.
function fromSessionSets(
  setScope: string,
  scope: AnalyticsScope,
  range: StatsRange,
  options: AnalyticsOptions,
) {
  const everyone = everyoneDimension(scope);
  const dimensions = [...new Set([everyone, 'document', 'depth'])];
  const sets = selectSessionSets(setScope, dimensions, scope, range, options);
  const reached = sql.join(
    DEPTH_LEVELS.map(
      (level) =>
        sql`coalesce(sum(n) FILTER (WHERE dimension = 'depth' AND level = ${sql.lit(String(level))}), 0) AS ${sql.ref(`d${level}`)}`,
    ),
  );
  return sql`
    WITH s AS MATERIALIZED (SELECT * FROM ${sets} AS s),
    per_value AS (
      SELECT dimension, split_part(value, ':', 2) AS level,
        ${SET_SESSIONS} AS n
      FROM s WHERE dimension <> 'sessions' GROUP BY dimension, value
    )
    SELECT
      (SELECT ${SET_SESSIONS} FROM s WHERE dimension = ${everyone}) AS sessions,
      (SELECT coalesce(sum(views), 0) FROM s WHERE dimension = ${everyone}) AS views,
      (SELECT coalesce(sum(active_ms), 0) FROM s WHERE dimension = ${everyone}) AS active_ms,
      counted.*
    FROM (
      SELECT coalesce(sum(n) FILTER (WHERE dimension = 'document'), 0) AS reads, ${reached}
      FROM per_value
    ) AS counted`;
}
