import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CollectorError } from './collector-error';
import {
  createGroupCommitWriter,
  FULL_BATCH_EVENTS,
  type GroupCommitOptions,
} from './create-group-commit-writer';

/** An insert the test completes by hand, recording each batch. */
function controlledInsert() {
  const batches: number[][] = [];
  const pending: { resolve(): void; reject(error: unknown): void }[] = [];
  return {
    batches,
    insert: (rows: readonly number[]) => {
      batches.push([...rows]);
      return new Promise<void>((resolve, reject) => pending.push({ resolve, reject }));
    },
    async settleNext(error?: unknown) {
      while (pending.length === 0) await tick();
      const next = pending.shift();
      if (error === undefined) next?.resolve();
      else next?.reject(error);
      await tick();
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
const refused = Object.assign(new Error('invalid input syntax'), { code: '22P02' });
const connectionLost = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

function writerWith(
  insert: (rows: readonly number[]) => Promise<unknown>,
  options: Partial<GroupCommitOptions<number>> = {},
) {
  return createGroupCommitWriter<number>({
    insert,
    isRefusedData: (error) => (error as { code?: string }).code === '22P02',
    maxBatchEvents: 100,
    concurrency: 1,
    flushDelayMs: 0,
    maxQueuedEvents: 1000,
    retryAfterFailureMs: 0,
    ...options,
  });
}

async function statusOf(write: Promise<void>): Promise<number> {
  try {
    await write;
    return 204;
  } catch (error) {
    return (error as CollectorError).statusCode;
  }
}

describe('createGroupCommitWriter', () => {
  it('sends what queued during a flush as one batch, and answers only after it commits', async () => {
    const db = controlledInsert();
    const writer = writerWith(db.insert);
    let firstDone = false;
    const first = writer.write([1]).then(() => {
      firstDone = true;
    });
    await tick();
    const rest = [writer.write([2]), writer.write([3, 4]), writer.write([5])];
    await tick();
    expect(db.batches).toEqual([[1]]);
    expect(firstDone).toBe(false);
    await db.settleNext();
    await first;
    expect(db.batches).toEqual([[1], [2, 3, 4, 5]]);
    expect(writer.pendingEvents).toBe(4);
    await db.settleNext();
    await Promise.all(rest);
    expect(writer.pendingEvents).toBe(0);
  });

  it('joins requests of the same event-loop turn, and splits batches at maxBatchEvents', async () => {
    const db = controlledInsert();
    const writer = writerWith(db.insert, { maxBatchEvents: 3, concurrency: 2 });
    const writes = [
      writer.write([1, 2]),
      writer.write([3]),
      writer.write([4, 5]),
      writer.write([6]),
    ];
    await tick();
    expect(db.batches).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    await db.settleNext();
    await db.settleNext();
    await Promise.all(writes);
  });

  it('fails the batch and everything queued with 503 when the database is unreachable', async () => {
    const db = controlledInsert();
    let now = 1000;
    const writer = writerWith(db.insert, { retryAfterFailureMs: 500, now: () => now });
    const first = statusOf(writer.write([1]));
    await tick();
    const queued = statusOf(writer.write([2]));
    await db.settleNext(connectionLost);
    expect(await first).toBe(503);
    expect(await queued).toBe(503);
    expect(writer.databaseUp).toBe(false);

    // During the pause nothing reaches the database; afterwards it is tried again.
    now += 499;
    expect(await statusOf(writer.write([3]))).toBe(503);
    expect(db.batches).toEqual([[1]]);
    now += 1;
    const retried = statusOf(writer.write([3]));
    await db.settleNext();
    expect(await retried).toBe(204);
    expect(writer.databaseUp).toBe(true);
  });

  it('isolates a request whose rows the database refuses; the others still commit', async () => {
    const committed: number[][] = [];
    const writer = writerWith(async (rows) => {
      if (rows.includes(13)) throw refused;
      committed.push([...rows]);
    });
    const results = await Promise.all([
      statusOf(writer.write([1])),
      statusOf(writer.write([12, 13])),
      statusOf(writer.write([14])),
    ]);
    expect(results).toEqual([204, 500, 204]);
    expect(committed.flat().sort()).toEqual([1, 14]);
  });

  it('answers 503 at once when too many events wait', async () => {
    const db = controlledInsert();
    const writer = writerWith(db.insert, { maxQueuedEvents: 3 });
    const first = writer.write([1]);
    await tick();
    const second = writer.write([2, 3]);
    const over = writer.write([4, 5]);
    await expect(over).rejects.toMatchObject({ code: 'overloaded', statusCode: 503 });
    await db.settleNext();
    await db.settleNext();
    await Promise.all([first, second]);
  });

  it('on close, flushes what it accepted and refuses new writes', async () => {
    const db = controlledInsert();
    const writer = writerWith(db.insert);
    const accepted = [writer.write([1]), writer.write([2])];
    let closed = false;
    const closing = writer.close().then(() => {
      closed = true;
    });
    await expect(writer.write([3])).rejects.toMatchObject({ code: 'shutting_down' });
    await tick();
    expect(closed).toBe(false);
    await db.settleNext();
    await closing;
    await Promise.all(accepted);
    expect(db.batches).toEqual([[1, 2]]);
    expect(closed).toBe(true);
  });

  describe('with a flush delay', () => {
    // The delay's timer and clock are faked; setImmediate (the ticks) stays real.
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('holds a small batch until its first event has waited the delay, gathering what comes meanwhile', async () => {
      const db = controlledInsert();
      const writer = writerWith(db.insert, { flushDelayMs: 20 });
      const writes = [writer.write([1])];
      vi.advanceTimersByTime(15);
      writes.push(writer.write([2, 3]));
      await tick();
      expect(db.batches).toEqual([]);
      vi.advanceTimersByTime(5);
      await tick();
      expect(db.batches).toEqual([[1, 2, 3]]);
      await db.settleNext();
      await Promise.all(writes);
      // Waiting counts from the first event queued, not from the last flush.
      writes.push(writer.write([4]));
      vi.advanceTimersByTime(19);
      await tick();
      expect(db.batches).toHaveLength(1);
      vi.advanceTimersByTime(1);
      await tick();
      expect(db.batches).toEqual([[1, 2, 3], [4]]);
      await db.settleNext();
      await Promise.all(writes);
    });

    it('sends a batch at once when it is full enough to share its commit', async () => {
      const db = controlledInsert();
      const writer = writerWith(db.insert, { flushDelayMs: 60_000 });
      const events = Array.from({ length: FULL_BATCH_EVENTS }, (_, index) => index);
      const writes = [writer.write(events.slice(0, 1))];
      await tick();
      expect(db.batches).toEqual([]);
      writes.push(writer.write(events.slice(1)));
      await tick();
      expect(db.batches).toEqual([events]);
      await db.settleNext();
      await Promise.all(writes);
    });

    it('sends a held batch at once on close', async () => {
      const db = controlledInsert();
      const writer = writerWith(db.insert, { flushDelayMs: 60_000 });
      const write = writer.write([1]);
      await tick();
      const closing = writer.close();
      await tick();
      expect(db.batches).toEqual([[1]]);
      await db.settleNext();
      await Promise.all([write, closing]);
    });
  });

  it('resolves empty writes without touching the database', async () => {
    const db = controlledInsert();
    await writerWith(db.insert).write([]);
    expect(db.batches).toEqual([]);
  });
});

it('CollectorError maps codes to statuses', () => {
  expect(new CollectorError('database_unavailable', 'x').statusCode).toBe(503);
  expect(new CollectorError('invalid_event', 'x', { fields: [] }).toBody()).toEqual({
    error: { code: 'invalid_event', message: 'x', fields: [] },
  });
});
