import { rebuildAnalyticsRollups } from '@coursepack/analytics/rollups/refresh-analytics-rollups';
import { setsAsRebuilt } from '@coursepack/analytics/testing/sets-as-rebuilt';
import type { Database } from '@coursepack/db/schema';
import { createTestDatabase, type TestDatabase } from '@coursepack/db/testing/test-database';
import { type Kysely, sql } from 'kysely';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoActivity } from '../../../../scripts/seed/generate-demo-activity';
import { keepRollupsFresh, type RollupLogger } from './keep-rollups-fresh';

let database: TestDatabase;
const bosses: PgBoss[] = [];
const quiet: RollupLogger = { debug: () => {}, warn: () => {} };

// Every table a refresh writes, rows in a stable order (session keys survive a rebuild: it
// never truncates analytics_sessions). Page totals are adjusted by differences, so an
// incremental refresh can leave a zero row where a rebuild writes none; today's visitor sets
// have tails a rebuild does not write, so sets are compared whole.
const ROLLUP_TABLES = [
  'analytics_sessions',
  'analytics_session_hours',
  'analytics_session_days',
  'analytics_session_pages',
  'analytics_action_hours',
  'analytics_action_days',
];

async function rollupRows(db: Kysely<Database>): Promise<Record<string, string[]>> {
  const rows: Record<string, string[]> = {};
  for (const table of ROLLUP_TABLES) {
    const result = await sql<{ row: string }>`
      SELECT r::text AS row FROM ${sql.table(table)} AS r ORDER BY 1`.execute(db);
    rows[table] = result.rows.map((r) => r.row);
  }
  for (const table of ['analytics_session_sets', 'analytics_session_set_weeks'] as const) {
    rows[table] = (await setsAsRebuilt(table).execute(db)).rows.map((r) => r.row);
  }
  for (const table of ['analytics_page_hours', 'analytics_page_days']) {
    const result = await sql<{ row: string }>`
      SELECT r::text AS row FROM ${sql.table(table)} AS r
      WHERE pings <> 0 OR active_ms <> 0 ORDER BY 1`.execute(db);
    rows[table] = result.rows.map((r) => r.row);
  }
  return rows;
}

async function countedEvents(db: Kysely<Database>): Promise<number> {
  const result = await sql<{ n: number | null }>`
    SELECT sum(events)::integer AS n FROM analytics_session_hours`.execute(db);
  return result.rows[0]?.n ?? 0;
}

async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function insertActivity(from: Date, to: Date, seed: number): Promise<number> {
  const events = [
    ...generateDemoActivity({
      courses: [
        { id: 1, documents: [{ id: 11, pageCount: 8 }] },
        { id: 2, documents: [{ id: 21, pageCount: 4 }] },
      ],
      from,
      to,
      visitsPerDay: 20,
      seed,
    }),
  ];
  for (let i = 0; i < events.length; i += 500) {
    await database.db
      .insertInto('events')
      .values(events.slice(i, i + 500))
      .execute();
  }
  return events.length;
}

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await Promise.all(bosses.map((boss) => boss.stop({ graceful: false, wait: true })));
  await database?.destroy();
});

describe('keepRollupsFresh', () => {
  it('keeps the rollups equal to a rebuild from two workers, one refresh at a time', async () => {
    const now = new Date();
    const stoppers = [];
    const logged: object[] = [];
    const logger: RollupLogger = { debug: (fields) => logged.push(fields), warn: () => {} };
    for (let i = 0; i < 2; i += 1) {
      const boss = new PgBoss({ connectionString: database.url, supervise: true, schedule: false });
      boss.on('error', (error) => console.error('pg-boss:', error));
      bosses.push(boss);
      await boss.start();
      stoppers.push(await keepRollupsFresh(boss, database.db, { intervalMs: 300, logger }));
    }

    // However many jobs the two send, never more than one is active.
    let mostActive = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const active = await sql<{ n: number }>`
          SELECT count(*)::integer AS n FROM pgboss.job
          WHERE name = 'refresh-analytics' AND state = 'active'`.execute(database.db);
        mostActive = Math.max(mostActive, active.rows[0]?.n ?? 0);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();

    // Two batches while they run: the second lands on days the first already filled, as late
    // events do.
    let inserted = await insertActivity(new Date(now.getTime() - 3 * 86_400_000), now, 1);
    await until(async () => (await countedEvents(database.db)) === inserted, 30_000);
    inserted += await insertActivity(new Date(now.getTime() - 2 * 86_400_000), now, 2);
    await until(async () => (await countedEvents(database.db)) === inserted, 30_000);

    sampling = false;
    await sampler;
    await Promise.all(stoppers.map((stopper) => stopper.stop()));

    const jobs = await sql<{ started_on: Date; completed_on: Date }>`
      SELECT started_on, completed_on FROM pgboss.job
      WHERE name = 'refresh-analytics' AND state = 'completed' ORDER BY started_on`.execute(
      database.db,
    );
    expect(jobs.rows.length).toBeGreaterThan(1);
    expect(mostActive).toBeLessThanOrEqual(1);
    for (let i = 1; i < jobs.rows.length; i += 1) {
      const previous = jobs.rows[i - 1];
      const next = jobs.rows[i];
      // The next job becomes active once the previous one's completion commits; its
      // started_on is its statement's start, which may precede that commit by a moment.
      if (previous && next) {
        expect(next.started_on.getTime()).toBeGreaterThanOrEqual(
          previous.completed_on.getTime() - 50,
        );
      }
    }

    // Only refreshes that took something in say so, with what and how long.
    expect(logged.length).toBeGreaterThan(0);
    for (const fields of logged) {
      expect(fields).toEqual({
        newEvents: expect.any(Number),
        sessionDays: expect.any(Number),
        ms: expect.any(Number),
      });
      expect((fields as { newEvents: number }).newEvents).toBeGreaterThan(0);
    }

    const incremental = await rollupRows(database.db);
    await rebuildAnalyticsRollups(database.db);
    expect(await rollupRows(database.db)).toEqual(incremental);
  });

  it('stops working the queue once stopped', async () => {
    const boss = new PgBoss({ connectionString: database.url, supervise: true, schedule: false });
    bosses.push(boss);
    await boss.start();
    const keeper = await keepRollupsFresh(boss, database.db, { intervalMs: 60_000, logger: quiet });
    await keeper.stop();
    const before = await sql<{ n: number }>`
      SELECT count(*)::integer AS n FROM pgboss.job WHERE name = 'refresh-analytics'`.execute(
      database.db,
    );
    await boss.send('refresh-analytics', {});
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const waiting = await sql<{ n: number }>`
      SELECT count(*)::integer AS n FROM pgboss.job
      WHERE name = 'refresh-analytics' AND state = 'created'`.execute(database.db);
    expect(waiting.rows[0]?.n).toBe(1);
    expect(before.rows[0]?.n).toBeGreaterThan(0);
  });
});
