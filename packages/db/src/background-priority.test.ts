import { getPriority } from 'node:os';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_NICENESS, lowerBackendPriority } from './background-priority';
import { createDb } from './client';
import { createTestDatabase, type TestDatabase } from './testing/test-database';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.destroy());

async function backendPids(db: ReturnType<typeof createDb>, count: number): Promise<number[]> {
  // Several connections at once, so the pool opens several backends.
  const rows = await Promise.all(
    Array.from({ length: count }, () =>
      db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`
          SELECT pg_backend_pid() AS pid, pg_sleep(0.05)`.execute(trx);
        return rows[0]?.pid ?? 0;
      }),
    ),
  );
  return [...new Set(rows)];
}

describe('background database connections', () => {
  it('run their backends at the lowest CPU priority when PostgreSQL is on this machine', async () => {
    const seen: string[] = [];
    const db = createDb(testDb.url, {
      max: 3,
      background: true,
      onBackgroundPriority: (priority) => seen.push(priority),
    });
    try {
      const pids = await backendPids(db, 3);
      expect(pids.length).toBeGreaterThan(1);
      for (const pid of pids) expect(getPriority(pid)).toBe(BACKGROUND_NICENESS);
      expect(seen).toEqual(pids.map(() => 'lowered'));
    } finally {
      await db.destroy();
    }
  });

  it('leave the backends of other pools (the web app’s) at normal priority', async () => {
    const db = createDb(testDb.url, { max: 2 });
    try {
      for (const pid of await backendPids(db, 2)) expect(getPriority(pid)).toBe(0);
    } finally {
      await db.destroy();
    }
  });

  it('leave a process alone whose title does not name the connection', async () => {
    const client = new pg.Client({ connectionString: testDb.url });
    await client.connect();
    try {
      // The server reports this test process's pid as the backend: not a postgres process.
      const lying = {
        query: () => Promise.resolve({ rows: [{ pid: process.pid, port: 5 }] }),
      } as unknown as pg.ClientBase;
      const before = getPriority(process.pid);
      expect(await lowerBackendPriority(lying)).toBe('not-local');
      expect(getPriority(process.pid)).toBe(before);
      // A real backend named by another port (as if it served someone else) is not touched.
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const pid = rows[0]?.pid ?? 0;
      const otherPort = {
        query: () => Promise.resolve({ rows: [{ pid, port: 1 }] }),
      } as unknown as pg.ClientBase;
      expect(await lowerBackendPriority(otherPort)).toBe('not-local');
      expect(getPriority(pid)).toBe(0);
    } finally {
      await client.end();
    }
  });
});
