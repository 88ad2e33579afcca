import { CollectorError } from './collector-error';

/**
 * Group commit: requests hand their rows to the writer and wait; the writer sends everything
 * that has queued up as one INSERT (one transaction, one WAL flush) and answers every waiting
 * request once it has committed. While a flush is in flight the next batch accumulates, so the
 * batch size follows the load by itself: a thousand under pressure (one commit instead of a
 * thousand). Under light load a small batch waits up to `flushDelayMs` for company first, so
 * events trickling in from browsers share a commit instead of paying one each.
 * docs/decisions/002-group-commit.md.
 */
export interface EventWriter<Row> {
  /** Resolves once the rows are committed; rejects with a CollectorError (503, 500) otherwise. */
  write(rows: readonly Row[]): Promise<void>;
  /** False after a failure to reach the database, true again after the next success. */
  readonly databaseUp: boolean;
  /** Events waiting for or in a flush. */
  readonly pendingEvents: number;
  /** Refuses new writes (503) and resolves once everything accepted so far is flushed. */
  close(): Promise<void>;
}

export interface GroupCommitOptions<Row> {
  /** Writes the rows in one transaction. */
  insert(rows: readonly Row[]): Promise<unknown>;
  /** Whether the database refused the data (retrying the same rows cannot help). */
  isRefusedData(error: unknown): boolean;
  maxBatchEvents: number;
  /** Flushes in flight at once. */
  concurrency: number;
  /**
   * How long a batch of fewer than FULL_BATCH_EVENTS waits for more before it is sent, from
   * when its first event queued (0: at once).
   */
  flushDelayMs: number;
  maxQueuedEvents: number;
  /** After an unreachable database, writes fail at once for this long (0: always try). */
  retryAfterFailureMs: number;
  onFlushError?(error: unknown, events: number): void;
  now?(): number;
}

interface Pending<Row> {
  rows: readonly Row[];
  resolve(): void;
  reject(error: CollectorError): void;
}

/**
 * A batch this large goes at once: its commit is already shared, and clients that wait for
 * their answer before sending again (a load test's connections, a tracker's retry queue) would
 * otherwise be held to one round per delay.
 */
export const FULL_BATCH_EVENTS = 32;

export function createGroupCommitWriter<Row>(options: GroupCommitOptions<Row>): EventWriter<Row> {
  const now = options.now ?? Date.now;
  const queue: Pending<Row>[] = [];
  let queuedEvents = 0;
  let flushingEvents = 0;
  let inFlight = 0;
  let pumpScheduled = false;
  let delayed: ReturnType<typeof setTimeout> | undefined;
  let oldestQueuedAt = 0;
  let failedAt = Number.NEGATIVE_INFINITY;
  let databaseUp = true;
  let closing = false;
  const idle: (() => void)[] = [];

  const unavailable = (cause?: unknown) =>
    new CollectorError('database_unavailable', 'The database is unavailable; retry later', {
      cause,
    });

  /** Whether what queued goes now rather than wait for more to share its commit. */
  function batchIsDue(): boolean {
    return (
      queuedEvents >= FULL_BATCH_EVENTS || closing || now() - oldestQueuedAt >= options.flushDelayMs
    );
  }

  /** Sends what queued in the next turn, or when its oldest event has waited `flushDelayMs`. */
  function schedulePump(): void {
    if (pumpScheduled) return;
    if (!batchIsDue()) {
      delayed ??= setTimeout(
        () => {
          delayed = undefined;
          pump();
        },
        Math.max(0, oldestQueuedAt + options.flushDelayMs - now()),
      );
      return;
    }
    clearTimeout(delayed);
    delayed = undefined;
    pumpScheduled = true;
    // Requests parsed in the same turn of the event loop join the first flush.
    setImmediate(() => {
      pumpScheduled = false;
      pump();
    });
  }

  function pump(): void {
    while (inFlight < options.concurrency && queue.length > 0) {
      const batch = takeBatch();
      inFlight += 1;
      void flush(batch).finally(() => {
        inFlight -= 1;
        // What queued during this flush goes next: that is the group in group commit.
        if (queue.length > 0) {
          if (batchIsDue()) pump();
          else schedulePump();
        } else if (inFlight === 0) for (const resolve of idle.splice(0)) resolve();
      });
    }
  }

  function takeBatch(): Pending<Row>[] {
    const batch: Pending<Row>[] = [];
    let events = 0;
    while (queue.length > 0) {
      const next = queue[0] as Pending<Row>;
      if (batch.length > 0 && events + next.rows.length > options.maxBatchEvents) break;
      queue.shift();
      batch.push(next);
      events += next.rows.length;
    }
    queuedEvents -= events;
    flushingEvents += events;
    return batch;
  }

  async function flush(batch: Pending<Row>[]): Promise<void> {
    const rows =
      batch.length === 1 ? (batch[0] as Pending<Row>).rows : batch.flatMap((p) => p.rows);
    try {
      await options.insert(rows);
      databaseUp = true;
      for (const pending of batch) pending.resolve();
    } catch (error) {
      options.onFlushError?.(error, rows.length);
      if (!options.isRefusedData(error)) {
        failedAt = now();
        databaseUp = false;
        const failure = unavailable(error);
        for (const pending of batch) pending.reject(failure);
        // Whatever waits would meet the same database: answer it now, the clients retry.
        for (const pending of queue.splice(0)) pending.reject(failure);
        queuedEvents = 0;
      } else {
        await isolateRefusedRows(batch, error);
      }
    } finally {
      flushingEvents -= rows.length;
    }
  }

  /** One request's bad rows must not fail the others that shared its transaction. */
  async function isolateRefusedRows(batch: Pending<Row>[], error: unknown): Promise<void> {
    if (batch.length === 1) {
      (batch[0] as Pending<Row>).reject(
        new CollectorError('internal', 'The database refused the events', { cause: error }),
      );
      return;
    }
    for (const pending of batch) {
      try {
        await options.insert(pending.rows);
        pending.resolve();
      } catch (single) {
        pending.reject(
          options.isRefusedData(single)
            ? new CollectorError('internal', 'The database refused the events', { cause: single })
            : unavailable(single),
        );
      }
    }
  }

  return {
    get databaseUp() {
      return databaseUp;
    },
    get pendingEvents() {
      return queuedEvents + flushingEvents;
    },
    write(rows) {
      if (closing) {
        return Promise.reject(
          new CollectorError('shutting_down', 'The collector is shutting down'),
        );
      }
      if (rows.length === 0) return Promise.resolve();
      if (now() - failedAt < options.retryAfterFailureMs) return Promise.reject(unavailable());
      if (queuedEvents > 0 && queuedEvents + rows.length > options.maxQueuedEvents) {
        return Promise.reject(
          new CollectorError('overloaded', 'Too many events are waiting for the database'),
        );
      }
      return new Promise<void>((resolve, reject) => {
        if (queue.length === 0) oldestQueuedAt = now();
        queue.push({ rows, resolve, reject });
        queuedEvents += rows.length;
        schedulePump();
      });
    },
    close() {
      closing = true;
      if (queue.length > 0) schedulePump();
      if (queue.length === 0 && inFlight === 0 && !pumpScheduled) return Promise.resolve();
      return new Promise<void>((resolve) => idle.push(resolve));
    },
  };
}
