import {
  type DashboardFigureOptions,
  type DashboardFigures,
  loadDashboardFigures,
} from '@coursepack/analytics/queries/load-dashboard-figures';
import type { StatsRange } from '@coursepack/analytics/stats-range';
import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import { completeDailySeries, completePageSeries, type PagePoint } from './complete-series';
import type { DashboardView } from './resolve-dashboard-access';

export interface DashboardData extends Omit<DashboardFigures, 'pages'> {
  /** Every day of the range, quiet days as zeros. */
  daily: DashboardFigures['daily'];
  /** Documents only: every page, unread ones as zeros. */
  pages: PagePoint[] | null;
}

/**
 * Every figure one dashboard page shows from the rollups, in one typed value
 * (`loadDashboardFigures`), with the day and page series completed for the charts. It reads the
 * rollups as the worker last left them and never refreshes them (a refresh per request made
 * dashboards slow exactly when events poured in), so it says how fresh they are.
 */
export async function loadDashboard(
  db: Kysely<Database>,
  view: DashboardView,
  range: StatsRange,
  options: DashboardFigureOptions,
): Promise<DashboardData> {
  const figures = await loadDashboardFigures(db, view.scope, range, options);
  return {
    ...figures,
    daily: completeDailySeries(figures.daily, range),
    pages:
      figures.pages && view.kind === 'document'
        ? completePageSeries(figures.pages, view.document.pageCount)
        : null,
  };
}
