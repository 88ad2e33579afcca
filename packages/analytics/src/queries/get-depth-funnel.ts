import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';
import type { AnalyticsOptions, AnalyticsScope } from '../analytics-scope';
import type { StatsRange } from '../stats-range';
import { executeAnalyticsQuery } from './execute-analytics-query';
import { selectAnalyticsRows } from './select-analytics-rows';
import { readerSetScope, selectSessionSets } from './select-session-sets';

export const DEPTH_LEVELS = [25, 50, 75, 100] as const;
export type DepthLevel = (typeof DEPTH_LEVELS)[number];

export interface DepthFunnel {
  /** Distinct (session, document) pairs in range: everyone who opened a document. */
  reads: number;
  /** Reads whose furthest `scroll_*` in range reached at least each level (100 = ≥ 95 %). */
  reached: Record<DepthLevel, number>;
}

/** How far readers got: the furthest scroll depth per session and document, as a funnel. */
export async function getDepthFunnel(
  db: Kysely<Database>,
  scope: AnalyticsScope,
  range: StatsRange,
  options: AnalyticsOptions = {},
): Promise<DepthFunnel> {
  const setScope = readerSetScope(scope, options);
  // From the sets: readers per document, and per document and level those who reached it.
  const query = setScope
    ? sql`
      SELECT
        coalesce(sum(n) FILTER (WHERE dimension = 'document'), 0) AS reads,
        coalesce(sum(n) FILTER (WHERE level = '25'), 0) AS d25,
        coalesce(sum(n) FILTER (WHERE level = '50'), 0) AS d50,
        coalesce(sum(n) FILTER (WHERE level = '75'), 0) AS d75,
        coalesce(sum(n) FILTER (WHERE level = '100'), 0) AS d100
      FROM (
        SELECT dimension, split_part(value, ':', 2) AS level,
          icount(analytics_int_union(sessions)) AS n
        FROM ${selectSessionSets(setScope, ['document', 'depth'], scope, range, options)} AS s
        GROUP BY dimension, value
      ) AS counted`
    : sql`
      SELECT
        count(*) AS reads,
        count(*) FILTER (WHERE depth >= 25) AS d25,
        count(*) FILTER (WHERE depth >= 50) AS d50,
        count(*) FILTER (WHERE depth >= 75) AS d75,
        count(*) FILTER (WHERE depth >= 100) AS d100
      FROM (
        SELECT max(max_depth) AS depth
        FROM ${selectAnalyticsRows('sessions', scope, range, options)} AS r
        WHERE doc_id IS NOT NULL
        GROUP BY session_key, doc_id
      ) AS reads`;
  const result = await executeAnalyticsQuery(
    db,
    sql<{ reads: number; d25: number; d50: number; d75: number; d100: number }>`${query}`,
  );
  const row = result.rows[0];
  return {
    reads: row?.reads ?? 0,
    reached: { 25: row?.d25 ?? 0, 50: row?.d50 ?? 0, 75: row?.d75 ?? 0, 100: row?.d100 ?? 0 },
  };
}
