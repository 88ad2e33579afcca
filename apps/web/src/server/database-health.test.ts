import { createDb } from '@coursepack/db/client';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '@/errors/app-error';
import {
  isDatabaseDown,
  isDatabaseUnreachable,
  PROBE_INTERVAL_MS,
  reportDatabaseError,
  setDatabaseProbe,
} from './database-health';

beforeEach(() => {
  delete (globalThis as { coursepackDatabaseHealth?: unknown }).coursepackDatabaseHealth;
});

describe('isDatabaseUnreachable', () => {
  it('recognises a refused connection, a server shutting down and connection exceptions', async () => {
    // Port 1 on the loopback: nothing listens there.
    const db = createDb('postgres://coursepack@127.0.0.1:1/coursepack');
    const refused = await sql`SELECT 1`.execute(db).catch((error: unknown) => error);
    await db.destroy();
    expect(isDatabaseUnreachable(refused)).toBe(true);
    for (const code of ['57P01', '57P03', '08006', '08001', '53300']) {
      expect(isDatabaseUnreachable(Object.assign(new Error('pg'), { code }))).toBe(true);
    }
    expect(isDatabaseUnreachable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnreachable(new Error('Query read timeout'))).toBe(true);
    expect(
      isDatabaseUnreachable(Object.assign(new Error('canceling statement'), { code: '57014' })),
    ).toBe(false);
    expect(isDatabaseUnreachable(new Error('wrapped', { cause: refused }))).toBe(true);
  });

  it('leaves query mistakes and our own errors alone', () => {
    expect(isDatabaseUnreachable(Object.assign(new Error('syntax'), { code: '42601' }))).toBe(
      false,
    );
    expect(isDatabaseUnreachable(Object.assign(new Error('range'), { code: '22003' }))).toBe(false);
    expect(isDatabaseUnreachable(new AppError('not_found', 'No such course.'))).toBe(false);
    expect(isDatabaseUnreachable('ECONNREFUSED')).toBe(false);
  });
});

describe('isDatabaseDown', () => {
  it('never probes while no request has found the database down', async () => {
    const probe = vi.fn(async () => undefined);
    setDatabaseProbe(probe);
    expect(reportDatabaseError(new AppError('internal', 'not the database'))).toBe(false);
    expect(await isDatabaseDown()).toBe(false);
    expect(probe).not.toHaveBeenCalled();
  });

  it('probes once per interval while down, sharing the probe, until one gets through', async () => {
    let reachable = false;
    const probe = vi.fn(async () => {
      if (!reachable) throw Object.assign(new Error('refused'), { code: 'ECONNREFUSED' });
    });
    setDatabaseProbe(probe);
    expect(reportDatabaseError(Object.assign(new Error('down'), { code: '57P01' }))).toBe(true);

    const start = 1_000_000;
    expect(await Promise.all([isDatabaseDown(start), isDatabaseDown(start)])).toEqual([true, true]);
    expect(probe).toHaveBeenCalledTimes(1);
    reachable = true;
    expect(await isDatabaseDown(start + PROBE_INTERVAL_MS - 1)).toBe(true);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(await isDatabaseDown(start + PROBE_INTERVAL_MS)).toBe(false);
    expect(probe).toHaveBeenCalledTimes(2);
    expect(await isDatabaseDown(start + 10 * PROBE_INTERVAL_MS)).toBe(false);
    expect(probe).toHaveBeenCalledTimes(2);
  });
});
