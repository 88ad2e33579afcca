import { refreshAnalyticsRollups } from '@coursepack/analytics/rollups/refresh-analytics-rollups';
import type { Database } from '@coursepack/db/schema';
import { enqueue } from '@coursepack/jobs/enqueue';
import type { Kysely } from 'kysely';
import type PgBoss from 'pg-boss';

const QUEUE = 'refresh-analytics';

/**
 * pg-boss 10's shortest poll. A job sent by another worker process waits at most this long
 * before someone picks it up; ours are picked up at once (`notifyWorker`).
 */
const POLLING_INTERVAL_SECONDS = 0.5;

/** The shape of pino's methods, so the worker's logger fits; the console otherwise. */
export interface RollupLogger {
  debug(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

const consoleLogger: RollupLogger = {
  debug: (fields, message) => console.debug(message, fields),
  warn: (fields, message) => console.warn(message, fields),
};

export interface KeepRollupsFreshOptions {
  /** How often to ask for a refresh: the dashboard's figures lag events by about this much. */
  intervalMs: number;
  logger?: RollupLogger;
}

/**
 * Keeps the analytics rollups current for the dashboards, which only read them: works the
 * `refresh-analytics` queue (each job one `refreshAnalyticsRollups`) and sends it a job every
 * `intervalMs`. Any number of worker processes may run this: the queue is `stately` (at most
 * one job waiting and one running, so a job sent while one waits is dropped) and the refresh
 * takes an advisory lock, so refreshes never overlap and the work is not multiplied. A refresh
 * that takes longer than the interval simply leaves one job waiting, which then catches up with
 * everything stored meanwhile.
 *
 * `stop()` stops sending and working, and resolves once a refresh this process was running has
 * finished, so the database can be closed after it.
 */
export async function keepRollupsFresh(
  boss: PgBoss,
  db: Kysely<Database>,
  options: KeepRollupsFreshOptions,
): Promise<{ stop(): Promise<void> }> {
  const logger = options.logger ?? consoleLogger;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  const workerId = await boss.work(
    QUEUE,
    { pollingIntervalSeconds: POLLING_INTERVAL_SECONDS, batchSize: 1 },
    async () => {
      const refresh = refreshAnalyticsRollups(db);
      running = refresh.catch(() => {});
      let result: Awaited<typeof refresh>;
      try {
        result = await refresh;
      } catch (error) {
        // pg-boss records the failed job but says nothing; the next interval's job tries again.
        logger.warn({ err: error }, 'analytics rollup refresh failed');
        throw error;
      }
      // Every couple of seconds, around the clock: only refreshes that took something in say so.
      if (result.newEvents > 0) {
        logger.debug(
          {
            newEvents: result.newEvents,
            sessionDays: result.sessionDays,
            ms: Math.round(result.milliseconds),
          },
          'analytics rollups refreshed',
        );
      }
    },
  );

  let sending = false;
  async function requestRefresh() {
    // A send still waiting on a busy database is enough; do not pile more up behind it.
    if (sending || stopped) return;
    sending = true;
    try {
      const id = await enqueue(db, QUEUE, {});
      // Ours to run now rather than at the next poll; null means a job already waits.
      if (id !== null && !stopped) boss.notifyWorker(workerId);
    } catch (error) {
      // The database is down or restarting: the next tick tries again.
      logger.warn({ err: error }, 'could not ask for an analytics rollup refresh');
    } finally {
      sending = false;
    }
  }

  const timer = setInterval(() => void requestRefresh(), options.intervalMs);
  await requestRefresh();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      // By id: another part of this process may work the same queue on the same boss.
      await boss.offWork({ id: workerId });
      await running;
    },
  };
}
