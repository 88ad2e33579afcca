import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import { type RollupRefresh, refreshAnalyticsRollups } from '../rollups/refresh-analytics-rollups';

/**
 * Refreshes the rollups as the worker's next refresh would, until one takes in new events (or
 * 20 tries, 100 ms apart, have found none). A refresh takes committed events up to the start of
 * the oldest open transaction; on a loaded machine another connection may briefly hold that
 * back, so events just inserted can need one more refresh, never be counted twice or lost.
 */
export async function refreshUntilNew(db: Kysely<Database>): Promise<RollupRefresh> {
  let refresh = await refreshAnalyticsRollups(db);
  for (let attempt = 0; refresh.newEvents === 0 && attempt < 20; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    refresh = await refreshAnalyticsRollups(db);
  }
  return refresh;
}
