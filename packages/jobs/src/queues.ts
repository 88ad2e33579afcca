/**
 * Every background job's queue: its name, the payload the web app sends and the worker reads,
 * and its policy (retries, back-off, expiry, retention). pg-boss stores the policy with the
 * queue, so jobs sent by any process (the web app inside its own transactions, a worker) get the
 * same one. `migrateToLatest` creates them and brings their policies up to date
 * (install-job-queue.ts). docs/worker.md describes each job.
 */

export interface ProcessDocumentJob {
  documentId: number;
  /**
   * Absent: read from the first page. Present: a later slice of a long reading, sent by the
   * worker when the previous slice ran out of its time (docs/worker.md, "Fair turns").
   */
  resume?: ReadingProgress;
}

/** Where a document's reading stopped, and what it carries on with. */
export interface ReadingProgress {
  /** The first page this slice reads. */
  fromPage: number;
  /** Time spent reading this document so far, every slice together (WORKER_DOCUMENT_TIMEOUT_MS). */
  spentMs: number;
  /** Characters of text the document may still keep. */
  charsLeft: number;
  /** Scanned pages OCR may still take on (besides `ocrPending`). */
  ocrLeft: number;
  /** Pages read without text (scans) that OCR has yet to recognise, in order. */
  ocrPending: number[];
  /** Whether the first scanned page past the OCR limit already carries the note saying so. */
  ocrCutNoted: boolean;
}

export interface SendMailJob {
  to: string;
  subject: string;
  text: string;
}

export interface DestroyMediaJob {
  /** The media service's public id of an asset nothing refers to any more. */
  publicId: string;
}

/** Nothing to say: a refresh brings every rollup up to date. */
export type RefreshAnalyticsJob = Record<string, never>;

export interface JobPayloads {
  /** A processing job whose every attempt failed: its document is marked failed. */
  'process-document-abandoned': ProcessDocumentJob;
  'process-document': ProcessDocumentJob;
  'refresh-analytics': RefreshAnalyticsJob;
  'send-mail': SendMailJob;
  'destroy-media': DestroyMediaJob;
}

export type QueueName = keyof JobPayloads;

export interface QueuePolicy {
  /**
   * `standard`: every job runs. `stately`: at most one job waiting and one running, so a job
   * sent while one already waits is dropped (the waiting one will do the same work).
   */
  policy: 'standard' | 'stately';
  /** Attempts after the first, waiting `retryDelay` seconds, doubled each time with back-off. */
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  /**
   * A job still active after this many seconds is taken as lost (its worker was killed or
   * hung) and failed, which retries it: this replaces the hand-made sweep for stalled uploads.
   */
  expireInSeconds: number;
  /** How long a job that never started is kept. */
  retentionMinutes: number;
  /** Where a job goes once its last attempt failed (declared before it, in QUEUE_POLICIES). */
  deadLetter?: QueueName;
}

const DAY_MINUTES = 24 * 60;

export const QUEUE_POLICIES: Readonly<Record<QueueName, QueuePolicy>> = {
  'process-document-abandoned': {
    policy: 'standard',
    retryLimit: 5,
    retryDelay: 15,
    retryBackoff: true,
    expireInSeconds: 60,
    retentionMinutes: 7 * DAY_MINUTES,
  },
  // A job reads one slice of a document: its reading child stops starting pages after 20 s and
  // is killed 2 minutes 20 s after it started (PDF_TEXT_LIMITS.deadlineMs), the original's
  // fetch and the thumbnail take a minute at most: expiry comes after all of that, so only a
  // lost worker ever meets it, and its document is retried within minutes, not half an hour.
  // One waiting and one running per document (see `singletonKeyOf`): a document is never read
  // twice at once, and a repeated request to process it adds nothing.
  'process-document': {
    policy: 'stately',
    retryLimit: 2,
    retryDelay: 15,
    retryBackoff: true,
    expireInSeconds: 5 * 60,
    retentionMinutes: 7 * DAY_MINUTES,
    deadLetter: 'process-document-abandoned',
  },
  'refresh-analytics': {
    policy: 'stately',
    retryLimit: 0,
    retryDelay: 0,
    retryBackoff: false,
    expireInSeconds: 10 * 60,
    retentionMinutes: 60,
  },
  // A mail server that is down for a while: 30 s, 1 min, 2 min… about 4 hours in all. Expiry
  // after nodemailer's own timeouts, so a slow server is not sent the same message twice.
  'send-mail': {
    policy: 'standard',
    retryLimit: 9,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
    retentionMinutes: DAY_MINUTES,
  },
  'destroy-media': {
    policy: 'standard',
    retryLimit: 10,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 2 * 60,
    retentionMinutes: 7 * DAY_MINUTES,
  },
};

/**
 * The key that makes a `stately` queue's limit per subject rather than per queue. Queues not
 * listed are limited as a whole (a refresh of all analytics) or not at all (`standard`).
 */
export function singletonKeyOf<Q extends QueueName>(
  queue: Q,
  payload: JobPayloads[Q],
): string | undefined {
  if (queue === 'process-document') return String((payload as ProcessDocumentJob).documentId);
  return undefined;
}

/** In creation order: a dead letter before the queue that names it. */
export const QUEUE_NAMES = Object.keys(QUEUE_POLICIES) as QueueName[];

/** pg-boss's schema: its tables live apart from ours. */
export const JOB_QUEUE_SCHEMA = 'pgboss';
