import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import type { AnalyticsOptions, AnalyticsScope } from '../analytics-scope';
import type { StatsRange } from '../stats-range';
import { getOverviewStats, type OverviewStats } from './get-overview-stats';
import { getPageAttention, type PageAttention } from './get-page-attention';
import { getRollupsFreshness, type RollupsFreshness } from './get-rollups-freshness';
import { type ActionCount, listActions } from './list-actions';
import { type DailyActivity, listDailyActivity } from './list-daily-activity';
import { type Devices, listDevices } from './list-devices';
import { listTopCourses, type TopCourse } from './list-top-courses';
import { listTopDocuments, type TopDocument } from './list-top-documents';
import { listTrafficSources, type TrafficSources } from './list-traffic-sources';

export interface DashboardFigureOptions {
  includeBots: boolean;
  /** The period to compare the headline figures with, or null. */
  previous: StatsRange | null;
}

export interface DashboardFigures {
  overview: OverviewStats;
  /** The same figures for the previous period, when comparing. */
  previousOverview: OverviewStats | null;
  /** The days with activity. */
  daily: DailyActivity[];
  /** Overviews only (a course's or document's own would be one row). */
  topCourses: TopCourse[] | null;
  /** Overviews and courses. */
  topDocuments: TopDocument[] | null;
  /** Documents only: the pages read. */
  pages: PageAttention[] | null;
  sources: TrafficSources;
  devices: Devices;
  actions: ActionCount[];
  /** How current the rollups behind every figure are. */
  freshness: RollupsFreshness;
}

// A course can hold many documents, and its page is where an owner compares them.
const TOP_DOCUMENTS_LIMIT = { overview: 10, course: 50 };

/**
 * Every query one dashboard page runs for a scope, all at the same time: the web app's
 * `loadDashboard` and the benchmarks both run this list. Which sections there are depends on the
 * scope's kind. The realtime panel is not here: it reads the last minutes' raw events, whose
 * number grows with the traffic, so the page streams it in apart (`getRealtimeSessions`).
 */
export async function loadDashboardFigures(
  db: Kysely<Database>,
  scope: AnalyticsScope,
  range: StatsRange,
  options: DashboardFigureOptions,
): Promise<DashboardFigures> {
  const query: AnalyticsOptions = { includeBots: options.includeBots };
  const isOverview = scope.kind === 'site' || scope.kind === 'courses';
  const none = Promise.resolve(null);
  return allAtOnce({
    overview: getOverviewStats(db, scope, range, query),
    previousOverview: options.previous
      ? getOverviewStats(db, scope, options.previous, query)
      : none,
    daily: listDailyActivity(db, scope, range, query),
    topCourses: isOverview ? listTopCourses(db, scope, range, query) : none,
    topDocuments:
      scope.kind === 'document'
        ? none
        : listTopDocuments(db, scope, range, {
            ...query,
            limit: isOverview ? TOP_DOCUMENTS_LIMIT.overview : TOP_DOCUMENTS_LIMIT.course,
          }),
    pages: scope.kind === 'document' ? getPageAttention(db, scope, range, query) : none,
    sources: listTrafficSources(db, scope, range, query),
    devices: listDevices(db, scope, range, query),
    actions: listActions(db, scope, range, query),
    freshness: getRollupsFreshness(db),
  });
}

/** Awaits named promises together, answering their values under the same names. */
async function allAtOnce<T extends Record<string, Promise<unknown>>>(
  promises: T,
): Promise<{ [Name in keyof T]: Awaited<T[Name]> }> {
  const entries = await Promise.all(
    Object.entries(promises).map(async ([name, promise]) => [name, await promise] as const),
  );
  return Object.fromEntries(entries) as { [Name in keyof T]: Awaited<T[Name]> };
}
