import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import { pgBossDb, type SqlExecutor } from './pg-boss-adapter';
import {
  JOB_QUEUE_SCHEMA,
  type JobPayloads,
  type ProcessDocumentJob,
  type QueueName,
  singletonKeyOf,
} from './queues';

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
  const priority =
    queue === 'process-document'
      ? await fairPriority(executor, (payload as ProcessDocumentJob).documentId)
      : undefined;
  return sender.send(queue, payload, {
    db: pgBossDb(executor),
    ...(singletonKey === undefined ? {} : { singletonKey }),
    ...(priority === undefined ? {} : { priority }),
    ...(options.startAfterSeconds === undefined ? {} : { startAfter: options.startAfterSeconds }),
  });
}

/**
 * A document's turn among its owner's: minus the number of the owner's other documents waiting
 * or being read. pg-boss takes the highest priority first, then the oldest, so a member's first
 * document goes ahead of another member's tenth, and a long reading's next slice (sent again at
 * the end of each, queues.ts) goes behind every other member's waiting document: turns go round
 * between members however many or however long the documents of one of them are.
 */
async function fairPriority(executor: SqlExecutor, documentId: number): Promise<number> {
  const { rows } = await executor.executeQuery<{ ahead: number }>(
    CompiledQuery.raw(
      `SELECT count(*)::int AS ahead
       FROM ${JOB_QUEUE_SCHEMA}.job j
       JOIN documents other ON other.id = (j.data->>'documentId')::int
       JOIN documents this ON this.id = $1
       WHERE j.name = 'process-document'
         AND j.state IN ('created', 'retry', 'active')
         AND other.id <> this.id
         AND other.owner_id IS NOT DISTINCT FROM this.owner_id`,
      [documentId],
    ),
  );
  return -(rows[0]?.ahead ?? 0);
}
