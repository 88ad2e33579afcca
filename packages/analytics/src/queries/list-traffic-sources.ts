import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import type { AnalyticsOptions, AnalyticsScope } from '../analytics-scope';
import type { StatsRange } from '../stats-range';
import { type BreakdownRow, listBreakdown } from './list-breakdown';

export interface TrafficSources {
  utmSources: BreakdownRow[];
  utmMediums: BreakdownRow[];
  utmCampaigns: BreakdownRow[];
  /** By referrer host name (lower case, without `www.`). */
  referrers: BreakdownRow[];
}

/**
 * Where visitors came from. Every event of a visit carries its landing's utm parameters and
 * referrer (the tracker's `dpevent-utm` cookie), so a session is counted under the source it
 * carried; null is "none" (direct, or no utm).
 */
export async function listTrafficSources(
  db: Kysely<Database>,
  scope: AnalyticsScope,
  range: StatsRange,
  options: AnalyticsOptions & { limit?: number } = {},
): Promise<TrafficSources> {
  const rows = await listBreakdown(
    db,
    ['utm_source', 'utm_medium', 'utm_campaign', 'referrer_host'] as const,
    scope,
    range,
    options,
  );
  return {
    utmSources: rows.utm_source,
    utmMediums: rows.utm_medium,
    utmCampaigns: rows.utm_campaign,
    referrers: rows.referrer_host,
  };
}
