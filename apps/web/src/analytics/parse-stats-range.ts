import { lastDays, type StatsRange } from '@coursepack/analytics/stats-range';
import { DAY_MS, isoDay } from '@coursepack/analytics/time';
import { AppError } from '@/errors/app-error';

/** The longest range a stats request may ask for. */
export const MAX_RANGE_DAYS = 366;
/** The range when none is given: the last 30 UTC days, today included. */
export const DEFAULT_RANGE_DAYS = 30;

/**
 * The dates a range may reach: the product's events are all well inside, and anything outside
 * (year 0, year 9999) is a typo or a probe, which PostgreSQL and `Date` would not agree on.
 */
export const EARLIEST_STATS_DATE = new Date('2000-01-01T00:00:00Z');
export const LATEST_STATS_DATE = new Date('2100-01-01T00:00:00Z');

const DATE = /^\d{4}-\d{2}-\d{2}$/;
// A zone is required, so "10:00" cannot silently mean the server's local time.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * `from` and `to` of a stats request: UTC dates (`2026-05-01`, whole days, `to` included) or
 * ISO 8601 date-times with a zone (`to` excluded). Without them: the last 30 days, today included.
 * Throws `bad_request` naming the parameter for a malformed value, a date outside 2000–2099,
 * `from` not before `to`, or a range over 366 days.
 */
export function parseStatsRange(params: URLSearchParams, now: Date = new Date()): StatsRange {
  const from = parseBound(params, 'from');
  const to = parseBound(params, 'to');
  const byDefault = lastDays(DEFAULT_RANGE_DAYS, now);
  const end = to ?? (from ? new Date(from.getTime() + DEFAULT_RANGE_DAYS * DAY_MS) : byDefault.to);
  const start = from ?? new Date(end.getTime() - DEFAULT_RANGE_DAYS * DAY_MS);
  if (start >= end) {
    throw badParameter('from', 'The start of the range must be before its end.');
  }
  if (end.getTime() - start.getTime() > MAX_RANGE_DAYS * DAY_MS) {
    throw badParameter(
      to ? 'to' : 'from',
      `The range must not be longer than ${MAX_RANGE_DAYS} days.`,
    );
  }
  return { from: start, to: end };
}

function parseBound(params: URLSearchParams, name: 'from' | 'to'): Date | null {
  const value = params.get(name);
  if (value === null || value === '') return null;
  const isDate = DATE.test(value);
  const time =
    isDate || DATE_TIME.test(value) ? Date.parse(isDate ? `${value}T00:00:00Z` : value) : NaN;
  // Date.parse rolls 2026-02-30 over to March; a date that does not round-trip is not a date.
  if (Number.isNaN(time) || (isDate && isoDay(new Date(time)) !== value)) {
    throw badParameter(
      name,
      `The ${END_NAMES[name]} of the range is not a date: write it like 2026-05-01, or as a date and time with a zone like 2026-05-01T10:00Z.`,
    );
  }
  // A date as `to` means "through that day".
  const bound = new Date(isDate && name === 'to' ? time + DAY_MS : time);
  if (bound < EARLIEST_STATS_DATE || bound > LATEST_STATS_DATE) {
    throw badParameter(
      name,
      `The ${END_NAMES[name]} of the range must be between 1 January 2000 and 31 December 2099.`,
    );
  }
  return bound;
}

/**
 * The messages are shown to people on the dashboard as well as to API clients, so they name the
 * ends of the range in words; the error's `parameter` names the query parameter.
 */
const END_NAMES = { from: 'start', to: 'end' } as const;

function badParameter(parameter: 'from' | 'to', message: string): AppError {
  return new AppError('bad_request', message, { parameter });
}
