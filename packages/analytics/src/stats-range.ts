/** A time range, UTC, `from` inclusive and `to` exclusive. */
export interface StatsRange {
  from: Date;
  to: Date;
}

const HOUR_MS = 60 * 60 * 1000;

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
    from: new Date(Math.floor(range.from.getTime() / HOUR_MS) * HOUR_MS),
    to: new Date(Math.ceil(range.to.getTime() / HOUR_MS) * HOUR_MS),
  };
}
