import { lastDays, previousPeriod, type StatsRange } from '@coursepack/analytics/stats-range';
import { isoDay } from '@coursepack/analytics/time';
import { DEFAULT_RANGE_DAYS, MAX_RANGE_DAYS, parseStatsRange } from '@/analytics/parse-stats-range';
import { AppError } from '@/errors/app-error';
import { parseDay } from '@/format/format-dates';
import { formatCount } from '@/format/format-numbers';
import { single } from '@/http/search-params';

/** The quick ranges offered above every dashboard: the last 7, 30 or 90 days, today included. */
export const RANGE_PRESETS = [7, 30, 90] as const;

/**
 * The dashboard's state, all of it in the URL so a view can be shared and the back button
 * works: `?days=7` (a preset, or any number of days up to the longest range), or `?from=2026-03-01&to=2026-03-31` (both days included), `compare=0` to
 * hide the comparison with the previous period, `bots=1` to count bots.
 */
export interface DashboardQuery {
  /** The last so many days (a preset or typed in the URL), or null for a custom range. */
  days: number | null;
  /** First and last UTC day of the range, `YYYY-MM-DD`, both included. */
  from: string;
  to: string;
  compare: boolean;
  includeBots: boolean;
}

export interface DashboardRequest {
  query: DashboardQuery;
  range: StatsRange;
  /** The period to compare with, when comparing. */
  previous: StatsRange | null;
  /** Why a custom range was ignored (shown above the figures), or null. */
  problem: string | null;
}

type SearchParams = Record<string, string | string[] | undefined>;

/** Reads the dashboard's URL state; a bad custom range falls back to the default with a reason. */
export function parseDashboardQuery(
  params: SearchParams,
  now: Date = new Date(),
): DashboardRequest {
  const compare = single(params.compare) !== '0';
  const includeBots = single(params.bots) === '1';
  const from = typedDay(single(params.from));
  const to = typedDay(single(params.to));
  let problem: string | null = null;
  if (from || to) {
    try {
      const range = parseStatsRange(new URLSearchParams({ from: from ?? '', to: to ?? '' }), now);
      return request({ days: null, compare, includeBots }, range, problem);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      problem = error.message;
    }
  }
  const asked = readDays(single(params.days));
  problem = problem ? `${problem} Showing the last ${asked.days} days instead.` : asked.problem;
  return request({ days: asked.days, compare, includeBots }, lastDays(asked.days, now), problem);
}

/**
 * `?days=`: any whole number of days from 1 to the longest range. What was asked is never
 * changed silently: a longer range is cut to the longest with a sentence saying so, and
 * anything else falls back to the default, also saying so.
 */
function readDays(text: string | undefined): { days: number; problem: string | null } {
  if (text === undefined || text === '') return { days: DEFAULT_RANGE_DAYS, problem: null };
  const days = /^\d{1,9}$/.test(text.trim()) ? Number(text) : Number.NaN;
  if (days > MAX_RANGE_DAYS) {
    return {
      days: MAX_RANGE_DAYS,
      problem: `The dashboard shows at most ${MAX_RANGE_DAYS} days at a time: showing the last ${MAX_RANGE_DAYS} days instead of ${formatCount(days)}.`,
    };
  }
  if (days >= 1) return { days, problem: null };
  return {
    days: DEFAULT_RANGE_DAYS,
    problem: `The number of days to show must be a whole number from 1 to ${MAX_RANGE_DAYS}. Showing the last ${DEFAULT_RANGE_DAYS} days instead.`,
  };
}

/**
 * Days written as the site shows them (`26 Oct 2026`), as in links saved from the range form
 * before it used date inputs, as `YYYY-MM-DD`; anything else as it came, for parseStatsRange
 * to judge.
 */
function typedDay(text: string | undefined): string | undefined {
  return text === undefined ? undefined : (parseDay(text) ?? text);
}

function request(
  state: Pick<DashboardQuery, 'days' | 'compare' | 'includeBots'>,
  range: StatsRange,
  problem: string | null,
): DashboardRequest {
  return {
    query: { ...state, from: isoDay(range.from), to: isoDay(new Date(range.to.getTime() - 1)) },
    range,
    previous: state.compare ? previousPeriod(range) : null,
    problem,
  };
}

/** A dashboard URL with the query, changed by `changes`; defaults are left out of the URL. */
export function dashboardHref(
  path: string,
  query: DashboardQuery,
  changes: Partial<DashboardQuery> = {},
): string {
  const next = { ...query, ...changes };
  const params = new URLSearchParams();
  if (next.days === null) {
    params.set('from', next.from);
    params.set('to', next.to);
  } else if (next.days !== DEFAULT_RANGE_DAYS) {
    params.set('days', String(next.days));
  }
  if (!next.compare) params.set('compare', '0');
  if (next.includeBots) params.set('bots', '1');
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export function dashboardCoursePath(course: { id: number; slug?: string }): string {
  return `/dashboard/courses/${course.slug ? `${course.id}-${course.slug}` : course.id}`;
}

export function dashboardDocumentPath(document: { id: number; slug?: string }): string {
  return `/dashboard/documents/${document.slug ? `${document.id}-${document.slug}` : document.id}`;
}
