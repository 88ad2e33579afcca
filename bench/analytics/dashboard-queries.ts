import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import type {
  AnalyticsOptions,
  AnalyticsScope,
} from '../../apps/web/src/analytics/analytics-scope';
import { getContentStats } from '../../apps/web/src/analytics/get-content-stats';
import { getDepthFunnel } from '../../apps/web/src/analytics/get-depth-funnel';
import { getOverviewStats } from '../../apps/web/src/analytics/get-overview-stats';
import { getPageAttention } from '../../apps/web/src/analytics/get-page-attention';
import { getRealtimeSessions } from '../../apps/web/src/analytics/get-realtime-sessions';
import { listActions } from '../../apps/web/src/analytics/list-actions';
import { listDailyActivity } from '../../apps/web/src/analytics/list-daily-activity';
import { listDevices } from '../../apps/web/src/analytics/list-devices';
import { listTopCourses } from '../../apps/web/src/analytics/list-top-courses';
import { listTopDocuments } from '../../apps/web/src/analytics/list-top-documents';
import { listTrafficSources } from '../../apps/web/src/analytics/list-traffic-sources';
import type { StatsRange } from '../../apps/web/src/analytics/stats-range';

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
  { name: 'depth funnel', run: getDepthFunnel },
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
