import PgBoss from 'pg-boss';
import { pgBossDb, type SqlExecutor } from './pg-boss-adapter';
import { JOB_QUEUE_SCHEMA, type JobPayloads, type QueueName, singletonKeyOf } from './queues';

export interface EnqueueOptions {
  /** Run no earlier than this many seconds from now. */
  startAfterSeconds?: number;
}

/**
 * Only its SQL is used: it is never started and holds no connection; each send runs through the
 * executor it is given, never a database of its own.
 */
const sender = new PgBoss({
  db: {
    executeSql: () =>
      Promise.reject(new Error('enqueue runs its SQL through the executor it is given')),
  },
  schema: JOB_QUEUE_SCHEMA,
});

/**
 * Adds a job to its queue through `executor`: pass the transaction that writes the rows the job
 * is about, so the job exists exactly when they do. Answers the job's id, or null when its
 * `stately` queue already holds a waiting job for the same subject (queues.ts).
 */
export async function enqueue<Q extends QueueName>(
  executor: SqlExecutor,
  queue: Q,
  payload: JobPayloads[Q],
  options: EnqueueOptions = {},
): Promise<string | null> {
  const singletonKey = singletonKeyOf(queue, payload);
  return sender.send(queue, payload, {
    db: pgBossDb(executor),
    ...(singletonKey === undefined ? {} : { singletonKey }),
    ...(options.startAfterSeconds === undefined ? {} : { startAfter: options.startAfterSeconds }),
  });
}
