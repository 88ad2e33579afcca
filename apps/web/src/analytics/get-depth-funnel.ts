import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';
import type { AnalyticsOptions, AnalyticsScope } from './analytics-scope';
import { selectAnalyticsRows } from './select-analytics-rows';
import type { StatsRange } from './stats-range';

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
  const rows = selectAnalyticsRows('sessions', scope, range, options);
  const result = await sql<{ reads: number; d25: number; d50: number; d75: number; d100: number }>`
    SELECT
      count(*) AS reads,
      count(*) FILTER (WHERE depth >= 25) AS d25,
      count(*) FILTER (WHERE depth >= 50) AS d50,
      count(*) FILTER (WHERE depth >= 75) AS d75,
      count(*) FILTER (WHERE depth >= 100) AS d100
    FROM (
      SELECT max(max_depth) AS depth FROM ${rows} AS r
      WHERE doc_id IS NOT NULL
      GROUP BY session_id, doc_id
    ) AS reads`.execute(db);
  const row = result.rows[0];
  return {
    reads: row?.reads ?? 0,
    reached: { 25: row?.d25 ?? 0, 50: row?.d50 ?? 0, 75: row?.d75 ?? 0, 100: row?.d100 ?? 0 },
  };
}
