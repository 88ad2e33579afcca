import type { StatsRange } from '@coursepack/analytics/stats-range';
import { ceilTo, DAY_MS, HOUR_MS } from '@coursepack/analytics/time';

/**
 * The range the benches ask for: the dashboard's default 30 days, ending at the hour after
 * `now` so that the hour in progress is read from the hourly rollups as it is on the site.
 */
export function benchRange(now: Date): StatsRange {
  const end = ceilTo(now, HOUR_MS);
  return { from: new Date(end.getTime() - 30 * DAY_MS), to: end };
}
