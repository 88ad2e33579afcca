import { ceilTo, DAY_MS, floorTo, HOUR_MS } from './time';

/** A time range, UTC, `from` inclusive and `to` exclusive. */
export interface StatsRange {
  from: Date;
  to: Date;
}

/**
 * The last `days` UTC days, today included, as whole days: the dashboards' quick ranges and the
 * stats API's default. Whole days are read from the day rollups and sets, today's as far as the
 * rollups have got.
 */
export function lastDays(days: number, now: Date): StatsRange {
  const to = new Date(floorTo(now, DAY_MS).getTime() + DAY_MS);
  return { from: new Date(to.getTime() - days * DAY_MS), to };
}

/** The range just before `range`, of the same length: what "compared with" means. */
export function previousPeriod(range: StatsRange): StatsRange {
  const length = range.to.getTime() - range.from.getTime();
  return { from: new Date(range.from.getTime() - length), to: new Date(range.from) };
}

/**
 * Rollups count by UTC hour, so queries widen a range to whole hours (`from` down, `to` up);
 * ranges given as days are already whole hours.
 */
export function alignToHours(range: StatsRange): StatsRange {
  return {
    from: floorTo(range.from, HOUR_MS),
    to: ceilTo(range.to, HOUR_MS),
  };
}

/**
 * The whole UTC days inside `range`, from `firstDay` to `endDay` (excluded): what the day
 * rollups answer, the hours before and after being read from the hourly ones. None when
 * `firstDay >= endDay`.
 */
export function wholeDays(range: StatsRange): { firstDay: Date; endDay: Date } {
  return { firstDay: ceilTo(range.from, DAY_MS), endDay: floorTo(range.to, DAY_MS) };
}
