import type { Database } from '@coursepack/db/schema';
import { destroyAsset } from '@coursepack/images/upload-asset';
import { JOB_QUEUE_SCHEMA, type JobPayloads, type QueueName } from '@coursepack/jobs/queues';
import type { Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import { keepRollupsFresh } from './analytics/keep-rollups-fresh';
import type { WorkerConfig } from './config';
import type { PdfTextLimits } from './documents/pdf-text-limits';
import {
  GAVE_UP,
  markFailed,
  type ProcessingOutcome,
  processDocument,
} from './documents/process-document';
import { createMailer, type Mailer } from './mail/create-mailer';

export interface WorkerOptions {
  db: Kysely<Database>;
  config: WorkerConfig;
  /** Tests: other reading limits, another mailer. */
  limits?: PdfTextLimits;
  mailer?: Mailer;
  /** How often pg-boss looks for expired jobs and retries them (its maintenance). */
  maintenanceIntervalSeconds?: number;
  log?: (line: string) => void;
}

export interface RunningWorker {
  boss: PgBoss;
  /** Finishes the jobs in hand (up to `timeoutMs`), then stops taking new ones. */
  stop(timeoutMs?: number): Promise<void>;
}

/** Jobs of the light queues taken at once: mail and deletions wait on the network, not the CPU. */
const LIGHT_QUEUE_CONCURRENCY = 4;
/** How soon a new job is noticed when the queue was empty. */
const POLLING_INTERVAL_SECONDS = 1;

/**
 * One worker process's share of the queues: documents (`config.concurrency` at once, each read
 * in a child process of its own), the dead letters of documents, mail, media deletions and the
 * analytics rollups. Any number of processes can run this on one database: pg-boss hands each
 * job to exactly one of them (SELECT … FOR UPDATE SKIP LOCKED), and takes back the jobs of a
 * process that died once they expire.
 */
export async function startWorker(options: WorkerOptions): Promise<RunningWorker> {
  const { db, config } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  const boss = new PgBoss({
    connectionString: config.databaseUrl,
    schema: JOB_QUEUE_SCHEMA,
    application_name: 'coursepack-worker',
    max: config.concurrency + 4,
    migrate: false,
    supervise: true,
    schedule: false,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
  });
  boss.on('error', (error) => console.error('Job queue error:', error));
  // The queues and their policies are installed with the migrations (migrateToLatest).
  await boss.start();

  const work = <Q extends QueueName>(
    queue: Q,
    concurrency: number,
    handle: (payload: JobPayloads[Q], job: PgBoss.Job<JobPayloads[Q]>) => Promise<unknown>,
  ) =>
    Promise.all(
      // pg-boss 10 runs one job at a time per `work` call: one call per concurrent slot.
      Array.from({ length: concurrency }, () =>
        boss.work<JobPayloads[Q]>(
          queue,
          { batchSize: 1, pollingIntervalSeconds: POLLING_INTERVAL_SECONDS },
          async ([job]) => (job ? handle(job.data, job) : undefined),
        ),
      ),
    );

  const processing = {
    db,
    media: config.mediaDelivery,
    maxBytes: config.uploadMaxBytes,
    documentTimeoutMs: config.documentTimeoutMs,
    limits: options.limits,
  };
  await work('process-document', config.concurrency, async ({ documentId, resume }, job) => {
    const started = performance.now();
    const took = () => `${((performance.now() - started) / 1000).toFixed(1)} s, job ${job.id}`;
    try {
      const result = await processDocument(processing, documentId, resume);
      log(describeOutcome(documentId, result, took()));
      return result;
    } catch (error) {
      // The queue retries it, then gives up: the reason is only ever seen here.
      log(`document ${documentId}: attempt failed (${took()}): ${String(error)}`);
      throw error;
    }
  });
  await work('process-document-abandoned', 1, async ({ documentId }) => {
    const outcome = await markFailed(db, documentId, GAVE_UP);
    if (outcome === 'failed') {
      log(`document ${documentId} failed: every attempt failed or was cut short`);
    }
  });
  const mailer = options.mailer ?? createMailer(config.mail);
  await work('send-mail', LIGHT_QUEUE_CONCURRENCY, (message) => mailer.send(message));
  await work('destroy-media', LIGHT_QUEUE_CONCURRENCY, ({ publicId }) =>
    destroyAsset(config.mediaApi, publicId),
  );
  const rollups = await keepRollupsFresh(boss, db, {
    intervalMs: config.rollupIntervalMs,
    // A refresh every couple of seconds, around the clock, is not news; a failing one is.
    logger: { debug: () => {}, warn: (fields, message) => console.warn(message, fields) },
  });

  return {
    boss,
    async stop(timeoutMs = 30_000) {
      await rollups.stop();
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    },
  };
}

/** The line a worker prints for each document job. */
function describeOutcome(documentId: number, result: ProcessingOutcome, timing: string): string {
  switch (result.outcome) {
    case 'ready':
      return `document ${documentId} ready: ${result.pages} pages, ${result.recognised} by OCR${result.timedOut ? ', the rest unread past the time limit' : ''} (${timing})`;
    case 'read':
      return `document ${documentId}: ${result.next === undefined ? 'text read, scanned pages' : `pages ${result.fromPage}–${result.next - 1} of ${result.pages} read, the rest`} in a later turn (${timing})`;
    case 'failed':
      return `document ${documentId} failed: ${result.reason} (${timing})`;
    case 'gone':
      return `document ${documentId} no longer waits for processing`;
  }
}
