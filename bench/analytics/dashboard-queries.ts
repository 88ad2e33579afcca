import type { AnalyticsOptions, AnalyticsScope } from '@coursepack/analytics/analytics-scope';
import { getContentStats } from '@coursepack/analytics/queries/get-content-stats';
import { getOverviewStats } from '@coursepack/analytics/queries/get-overview-stats';
import { getPageAttention } from '@coursepack/analytics/queries/get-page-attention';
import { getRealtimeSessions } from '@coursepack/analytics/queries/get-realtime-sessions';
import { listActions } from '@coursepack/analytics/queries/list-actions';
import { listDailyActivity } from '@coursepack/analytics/queries/list-daily-activity';
import { listDevices } from '@coursepack/analytics/queries/list-devices';
import { listTopCourses } from '@coursepack/analytics/queries/list-top-courses';
import { listTopDocuments } from '@coursepack/analytics/queries/list-top-documents';
import { listTrafficSources } from '@coursepack/analytics/queries/list-traffic-sources';
import type { StatsRange } from '@coursepack/analytics/stats-range';
import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';

export interface DashboardQuery {
  name: string;
  /** Realtime reads raw events whatever the source: no baseline to compare. */
  rawOnly?: boolean;
  /** The scopes it is for; all when absent. */
  kinds?: AnalyticsScope['kind'][];
  run(
    db: Kysely<Database>,
    scope: AnalyticsScope,
    range: StatsRange,
    options: AnalyticsOptions,
  ): Promise<unknown>;
}

/** Every query the dashboard and the stats API run, by name. */
export const DASHBOARD_QUERIES: DashboardQuery[] = [
  { name: 'overview', run: getOverviewStats },
  { name: 'daily activity', run: listDailyActivity },
  { name: 'page attention', run: getPageAttention },
  { name: 'top documents', run: listTopDocuments },
  { name: 'top courses', run: listTopCourses },
  { name: 'traffic sources', run: listTrafficSources },
  { name: 'devices', run: listDevices },
  { name: 'actions', run: listActions },
  {
    name: 'stats API body',
    kinds: ['course', 'document'],
    run: (db, scope, range, options) =>
      scope.kind === 'course' || scope.kind === 'document'
        ? getContentStats(db, scope, range, options)
        : Promise.resolve(null),
  },
  {
    name: 'realtime (raw, 5 min)',
    rawOnly: true,
    run: (db, scope, range) => getRealtimeSessions(db, scope, { now: range.to }),
  },
];
