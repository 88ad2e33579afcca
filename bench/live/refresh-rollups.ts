/**
 * bench/live.ts's rollup refresher, in a process of its own as the worker will be: a pg-boss
 * instance running `keepRollupsFresh` (apps/worker/src/analytics/keep-rollups-fresh.ts).
 * Usage: node --import tsx bench/live/refresh-rollups.ts <interval ms>; env DATABASE_URL.
 * Prints "ready" once working, then a JSON line per refresh that took events in; SIGTERM stops.
 */
import { createDb } from '@coursepack/db/client';
import PgBoss from 'pg-boss';
import { keepRollupsFresh } from '../../apps/worker/src/analytics/keep-rollups-fresh';

const intervalMs = Number(process.argv[2]);
const url = process.env.DATABASE_URL;
if (!url || !(intervalMs > 0)) {
  console.error('usage: refresh-rollups.ts <interval ms> (env DATABASE_URL)');
  process.exit(2);
}
const db = createDb(url, { max: 2 });
const boss = new PgBoss({ connectionString: url, supervise: true, schedule: false, max: 2 });
boss.on('error', (error) => console.error('pg-boss:', error));
await boss.start();
const keeper = await keepRollupsFresh(boss, db, {
  intervalMs,
  logger: {
    debug: (fields) => console.log(JSON.stringify({ refresh: fields })),
    warn: (fields, message) => console.error(message, fields),
  },
});
console.log('ready');
process.once('SIGTERM', async () => {
  await keeper.stop();
  await boss.stop({ graceful: true, wait: true });
  await db.destroy();
  process.exit(0);
});
