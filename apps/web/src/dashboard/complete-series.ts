import type { PageAttention } from '@coursepack/analytics/queries/get-page-attention';
import type { DailyActivity } from '@coursepack/analytics/queries/list-daily-activity';
import type { StatsRange } from '@coursepack/analytics/stats-range';
import { DAY_MS, floorTo, isoDay } from '@coursepack/analytics/time';

/**
 * One point per UTC day of the range, days without activity as zeros: the query leaves them
 * out, and a chart that skipped them would draw a quiet week as if it were not there.
 */
export function completeDailySeries(daily: DailyActivity[], range: StatsRange): DailyActivity[] {
  const byDay = new Map(daily.map((point) => [point.day, point]));
  const series: DailyActivity[] = [];
  const first = floorTo(range.from, DAY_MS).getTime();
  for (let time = first; time < range.to.getTime(); time += DAY_MS) {
    const day = isoDay(new Date(time));
    series.push(byDay.get(day) ?? { day, sessions: 0, views: 0, activeSeconds: 0 });
  }
  return series;
}

/** What the dashboard charts of a page: its reading time and how many readers stopped on it. */
export type PagePoint = Pick<PageAttention, 'page' | 'activeSeconds' | 'stops'>;

/** Every page of a document, 1 to its page count (or the highest page seen), unread ones as zeros. */
export function completePageSeries(pages: PagePoint[], pageCount: number): PagePoint[] {
  const byPage = new Map(pages.map((page) => [page.page, page]));
  const last = Math.max(pageCount, ...pages.map((page) => page.page));
  return Array.from({ length: last }, (_, index) => {
    const page = byPage.get(index + 1);
    return { page: index + 1, activeSeconds: page?.activeSeconds ?? 0, stops: page?.stops ?? 0 };
  });
}

export interface AttentionSummary {
  /** The page read longest, or null when no page was read. */
  mostRead: PagePoint | null;
  /** The page most readers stopped on, or null when none stopped. */
  mostStops: PagePoint | null;
  totalStops: number;
}

/** The two facts an owner looks for first: where readers spend time, and where they leave. */
export function summarizeAttention(pages: PagePoint[]): AttentionSummary {
  let mostRead: PagePoint | null = null;
  let mostStops: PagePoint | null = null;
  let totalStops = 0;
  for (const page of pages) {
    totalStops += page.stops;
    if (page.activeSeconds > 0 && (!mostRead || page.activeSeconds > mostRead.activeSeconds)) {
      mostRead = page;
    }
    if (page.stops > 0 && (!mostStops || page.stops > mostStops.stops)) mostStops = page;
  }
  return { mostRead, mostStops, totalStops };
}
