import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import type { AnalyticsOptions, AnalyticsScope } from '../analytics-scope';
import type { StatsRange } from '../stats-range';
import { getOverviewStats } from './get-overview-stats';
import { getPageAttention } from './get-page-attention';
import { getRollupsFreshness } from './get-rollups-freshness';

/** The JSON body of `GET /api/stats/documents/{id}` and `/api/stats/courses/{id}` (docs/stats-api.md). */
export interface ContentStats {
  from: string;
  to: string;
  views: number;
  sessions: number;
  active_seconds: number;
  /** Mean furthest scroll depth of the reads (0–100), null without reads. */
  average_depth: number | null;
  /** Reads (session × document) whose furthest scroll reached at least each level. */
  depth: { '25': number; '50': number; '75': number; '100': number };
  pages: { page: number; active_seconds: number; stops: number }[];
  /**
   * The figures count every event the collector stored before this moment (ISO 8601); null until
   * the rollups are first computed. Requests never refresh them: the worker does.
   */
  rollups_updated_at: string | null;
}

/** A document's or course's statistics in the stats API's shape. */
export async function getContentStats(
  db: Kysely<Database>,
  scope: Extract<AnalyticsScope, { kind: 'document' | 'course' }>,
  range: StatsRange,
  options: AnalyticsOptions = {},
): Promise<ContentStats> {
  const [overview, pages, freshness] = await Promise.all([
    getOverviewStats(db, scope, range, options),
    getPageAttention(db, scope, range, options),
    getRollupsFreshness(db),
  ]);
  return {
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    views: overview.views,
    sessions: overview.sessions,
    active_seconds: overview.activeSeconds,
    average_depth: overview.averageDepth,
    depth: {
      '25': overview.reached[25],
      '50': overview.reached[50],
      '75': overview.reached[75],
      '100': overview.reached[100],
    },
    pages: pages.map((page) => ({
      page: page.page,
      active_seconds: page.activeSeconds,
      stops: page.stops,
    })),
    rollups_updated_at: freshness.processedUntil?.toISOString() ?? null,
  };
}
