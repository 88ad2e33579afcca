import { lastDays, type StatsRange } from '@coursepack/analytics/stats-range';

/**
 * The range the benches ask for: what the dashboard and the stats API show by default, the last
 * 30 UTC days, today included (`DEFAULT_RANGE_DAYS` in the web app), as whole days.
 */
export function benchRange(now: Date): StatsRange {
  return lastDays(30, now);
}
