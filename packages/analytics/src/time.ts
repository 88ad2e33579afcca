/**
 * Analytics counts in UTC hours and days (rollups, day sets, the stats API's dates), which have
 * no daylight-saving changes: a day is always DAY_MS long, so plain arithmetic on epoch
 * milliseconds finds its boundaries.
 */
export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/** The UTC day of `date` as `YYYY-MM-DD`: how the rollups' `day` columns and the API write it. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The start of the UTC hour or day (`unit`: HOUR_MS or DAY_MS) that `date` falls in. */
export function floorTo(date: Date, unit: number): Date {
  return new Date(Math.floor(date.getTime() / unit) * unit);
}

/** The first UTC hour or day boundary (`unit`: HOUR_MS or DAY_MS) at or after `date`. */
export function ceilTo(date: Date, unit: number): Date {
  return new Date(Math.ceil(date.getTime() / unit) * unit);
}
