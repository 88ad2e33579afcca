import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';

/** How current the rollups are: what the worker's last refresh took in, and when it ran. */
export interface RollupsFreshness {
  /** Events the collector stored before this moment are counted; null before the first refresh. */
  processedUntil: Date | null;
  /** When the last refresh ran (it may have found nothing new); null before the first. */
  refreshedAt: Date | null;
}

/**
 * Reads `analytics_refresh_state` (one row): requests never refresh the rollups themselves — the
 * worker does, every WORKER_ROLLUP_INTERVAL_MS — so they say how fresh their figures are instead.
 */
export async function getRollupsFreshness(db: Kysely<Database>): Promise<RollupsFreshness> {
  const state = await db
    .selectFrom('analytics_refresh_state')
    .select(['processed_until', 'refreshed_at'])
    .executeTakeFirst();
  return {
    processedUntil: state?.processed_until ?? null,
    refreshedAt: state?.refreshed_at ?? null,
  };
}
