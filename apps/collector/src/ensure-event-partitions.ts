import type { Queryable } from './insert-events';

/** Creates the monthly `events` partitions from last month to `monthsAhead` ahead; returns how many were new. */
export async function ensureEventPartitions(db: Queryable, monthsAhead: number): Promise<number> {
  const result = await db.query<{ created: number }>(
    'SELECT ensure_event_partitions($1::int) AS created',
    [monthsAhead],
  );
  return result.rows[0]?.created ?? 0;
}

export interface PartitionMaintenance {
  stop(): void;
}

const EVERY_SIX_HOURS = 6 * 3600 * 1000;
const RETRY_AFTER_FAILURE = 60 * 1000;

/**
 * Keeps partitions ready while the collector runs: at start-up, then every six hours (months
 * are created long before they begin, so any replica doing it is enough), and every minute
 * while the database cannot be reached. Inserts never depend on it: the default partition
 * takes any row whose month is missing.
 */
export function startPartitionMaintenance(options: {
  db: Queryable;
  monthsAhead: number;
  onCreated(created: number): void;
  onError(error: unknown): void;
}): PartitionMaintenance {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const run = async () => {
    let next = EVERY_SIX_HOURS;
    try {
      const created = await ensureEventPartitions(options.db, options.monthsAhead);
      if (created > 0) options.onCreated(created);
    } catch (error) {
      options.onError(error);
      next = RETRY_AFTER_FAILURE;
    }
    if (stopped) return;
    timer = setTimeout(run, next);
    timer.unref();
  };
  void run();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
