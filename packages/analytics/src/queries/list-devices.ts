import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import type { AnalyticsOptions, AnalyticsScope } from '../analytics-scope';
import type { StatsRange } from '../stats-range';
import { type BreakdownRow, listBreakdown } from './list-breakdown';

export interface Devices {
  /** `desktop`, `mobile`, `tablet`… as the collector's user-agent parser names them. */
  devices: BreakdownRow[];
  browsers: BreakdownRow[];
  operatingSystems: BreakdownRow[];
}

/** Sessions and views by device type, browser and operating system. */
export async function listDevices(
  db: Kysely<Database>,
  scope: AnalyticsScope,
  range: StatsRange,
  options: AnalyticsOptions & { limit?: number } = {},
): Promise<Devices> {
  const rows = await listBreakdown(db, ['device', 'browser', 'os'] as const, scope, range, options);
  return { devices: rows.device, browsers: rows.browser, operatingSystems: rows.os };
}
