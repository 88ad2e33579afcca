import type { AnalyticsOptions } from '@coursepack/analytics/analytics-scope';
import { type DepthFunnel, getDepthFunnel } from '@coursepack/analytics/queries/get-depth-funnel';
import {
  getOverviewStats,
  type OverviewStats,
} from '@coursepack/analytics/queries/get-overview-stats';
import { getPageAttention } from '@coursepack/analytics/queries/get-page-attention';
import {
  getRollupsFreshness,
  type RollupsFreshness,
} from '@coursepack/analytics/queries/get-rollups-freshness';
import { type ActionCount, listActions } from '@coursepack/analytics/queries/list-actions';
import {
  type DailyActivity,
  listDailyActivity,
} from '@coursepack/analytics/queries/list-daily-activity';
import { type Devices, listDevices } from '@coursepack/analytics/queries/list-devices';
import { listTopCourses, type TopCourse } from '@coursepack/analytics/queries/list-top-courses';
import {
  listTopDocuments,
  type TopDocument,
} from '@coursepack/analytics/queries/list-top-documents';
import {
  listTrafficSources,
  type TrafficSources,
} from '@coursepack/analytics/queries/list-traffic-sources';
import type { StatsRange } from '@coursepack/analytics/stats-range';
import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import { completeDailySeries, completePageSeries, type PagePoint } from './complete-series';
import type { DashboardView } from './resolve-dashboard-access';

export interface DashboardOptions {
  includeBots: boolean;
  /** The period to compare the headline figures with, or null. */
  previous: StatsRange | null;
}

export interface DashboardData {
  overview: OverviewStats;
  /** The same figures for the previous period, when comparing. */
  previousOverview: OverviewStats | null;
  /** Every day of the range, quiet days as zeros. */
  daily: DailyActivity[];
  funnel: DepthFunnel;
  /** Overviews only (a course's or document's own would be one row). */
  topCourses: TopCourse[] | null;
  /** Overviews and courses. */
  topDocuments: TopDocument[] | null;
  /** Documents only: every page, unread ones as zeros. */
  pages: PagePoint[] | null;
  sources: TrafficSources;
  devices: Devices;
  actions: ActionCount[];
  /** How current the rollups behind every figure are. */
  freshness: RollupsFreshness;
}

// A course can hold many documents, and its page is where an owner compares them.
const TOP_DOCUMENTS_LIMIT = { overview: 10, course: 50 };

/**
 * Every figure one dashboard page shows from the rollups, in one typed value; every query runs
 * at the same time. Which sections there are depends on the view. It reads the rollups as the
 * worker last left them and never refreshes them (a refresh per request made dashboards slow
 * exactly when events poured in), so it says how fresh they are. The realtime panel is not
 * here: it reads the last minutes' raw events, whose number grows with the traffic, so the page
 * streams it in apart (`getRealtimeSessions`) rather than wait for it.
 */
export async function loadDashboard(
  db: Kysely<Database>,
  view: DashboardView,
  range: StatsRange,
  options: DashboardOptions,
): Promise<DashboardData> {
  const { scope } = view;
  const query: AnalyticsOptions = { includeBots: options.includeBots };
  const isOverview = view.kind === 'site' || view.kind === 'courses';
  const none = Promise.resolve(null);
  const [
    overview,
    previousOverview,
    daily,
    funnel,
    topCourses,
    topDocuments,
    pages,
    sources,
    devices,
    actions,
    freshness,
  ] = await Promise.all([
    getOverviewStats(db, scope, range, query),
    options.previous ? getOverviewStats(db, scope, options.previous, query) : none,
    listDailyActivity(db, scope, range, query),
    getDepthFunnel(db, scope, range, query),
    isOverview ? listTopCourses(db, scope, range, query) : none,
    view.kind === 'document'
      ? none
      : listTopDocuments(db, scope, range, {
          ...query,
          limit: isOverview ? TOP_DOCUMENTS_LIMIT.overview : TOP_DOCUMENTS_LIMIT.course,
        }),
    view.kind === 'document' ? getPageAttention(db, scope, range, query) : none,
    listTrafficSources(db, scope, range, query),
    listDevices(db, scope, range, query),
    listActions(db, scope, range, query),
    getRollupsFreshness(db),
  ]);
  return {
    overview,
    previousOverview,
    daily: completeDailySeries(daily, range),
    funnel,
    topCourses,
    topDocuments,
    pages:
      pages && view.kind === 'document' ? completePageSeries(pages, view.document.pageCount) : null,
    sources,
    devices,
    actions,
    freshness,
  };
}
