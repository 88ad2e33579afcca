import { createDb } from '@coursepack/db/client';
import { parseWorkerConfig, type WorkerConfig } from './config';
import { startWorker } from './start-worker';

let config: WorkerConfig;
try {
  config = parseWorkerConfig(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const db = createDb(config.databaseUrl, { max: config.concurrency + 2 });
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
