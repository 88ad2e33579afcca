import type { BackendPriority } from '@coursepack/db/background-priority';
import { createDb } from '@coursepack/db/client';
import { parseWorkerConfig, type WorkerConfig } from './config';
import { startWorker } from './start-worker';

const BACKGROUND_PRIORITY_MESSAGES: Record<BackendPriority, string> = {
  lowered: 'worker database sessions run at nice 19 (PostgreSQL is on this machine)',
  'not-local': 'worker database sessions run at normal priority (PostgreSQL is on another machine)',
  'not-permitted':
    'worker database sessions run at normal priority (not permitted to renice PostgreSQL backends)',
};

let config: WorkerConfig;
try {
  config = parseWorkerConfig(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

for (const warning of config.warnings) console.warn(`WARNING: ${warning}`);

// Everything the worker does is background work: its backends yield the CPU to the web app's
// when PostgreSQL shares the machine. Said once, as it is a property of the deployment.
let prioritySaid = false;
const db = createDb(config.databaseUrl, {
  max: config.concurrency + 2,
  background: true,
  onBackgroundPriority: (priority) => {
    if (prioritySaid) return;
    prioritySaid = true;
    console.log(BACKGROUND_PRIORITY_MESSAGES[priority]);
  },
});
const worker = await startWorker({ db, config });
console.log(
  `worker taking jobs: ${config.concurrency} document(s) at a time, rollups every ${config.rollupIntervalMs} ms`,
);

// SIGTERM/SIGINT: finish the jobs in hand (a job cut short is retried by another process once
// it expires), then close the pool.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`worker stopping (${signal})`);
    worker
      .stop()
      .then(() => db.destroy())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('worker shutdown failed:', error);
          process.exit(1);
        },
      );
  });
}
