import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';
import type { AnalyticsOptions, AnalyticsScope } from './analytics-scope';
import { selectAnalyticsRows } from './select-analytics-rows';
import type { StatsRange } from './stats-range';

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
  const rows = selectAnalyticsRows('sessions', scope, range, options);
  const result = await sql<{
    sessions: number;
    views: number;
    active_ms: number;
    reads: number;
    average_depth: number | null;
  }>`
    WITH r AS MATERIALIZED (SELECT session_id, doc_id, views, active_ms, max_depth FROM ${rows} AS r),
    reads AS (
      SELECT max(max_depth) AS depth FROM r WHERE doc_id IS NOT NULL GROUP BY session_id, doc_id
    )
    SELECT
      (SELECT count(*) FROM (SELECT session_id FROM r GROUP BY session_id) AS s) AS sessions,
      (SELECT coalesce(sum(views), 0) FROM r) AS views,
      (SELECT coalesce(sum(active_ms), 0) FROM r) AS active_ms,
      (SELECT count(*) FROM reads) AS reads,
      (SELECT avg(depth) FROM reads) AS average_depth`.execute(db);
  const row = result.rows[0];
  return {
    sessions: row?.sessions ?? 0,
    views: row?.views ?? 0,
    activeSeconds: (row?.active_ms ?? 0) / 1000,
    reads: row?.reads ?? 0,
    averageDepth: row?.average_depth ?? null,
  };
}
