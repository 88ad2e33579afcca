import { randomUUID } from 'node:crypto';
import { up as fillCourseBreakdownSets } from '@coursepack/db/migrations/0016-course-breakdown-sets';
import { up as fillReadEnds } from '@coursepack/db/migrations/0017-read-ends';
import { up as lightenRollupRefresh } from '@coursepack/db/migrations/0018-lighter-rollup-refresh';
import type { Database, EventsTable } from '@coursepack/db/schema';
import { createTestDatabase, type TestDatabase } from '@coursepack/db/testing/test-database';
import { type Insertable, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { refreshUntilNew } from '../testing/refresh-until-new';
import { setsAsRebuilt } from '../testing/sets-as-rebuilt';
import { testEvent, type Visit } from '../testing/test-event';
import { SET_TAIL_MEMBERS } from './refresh/merge-set-changes';
import { rebuildAnalyticsRollups, refreshAnalyticsRollups } from './refresh-analytics-rollups';

const ROLLUP_TABLES = [
  'analytics_session_hours',
  'analytics_session_pages',
  'analytics_page_hours',
  'analytics_action_hours',
  'analytics_session_days',
  'analytics_page_days',
  'analytics_action_days',
  'analytics_session_sets',
  'analytics_session_set_weeks',
  'analytics_read_ends',
  'analytics_read_end_days',
] as const;

let testDb: TestDatabase;
let db: Kysely<Database>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
});

afterAll(async () => {
  await testDb?.destroy();
});

/** Deterministic numbers in [0, 1) (mulberry32), so a failure can be replayed. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Long reads as the tracker sends them: a view, presence pings every one to eight seconds (some
 * at the same instant, some inactive) on turning pages, scrolls and an action now and then,
 * across an hour boundary and midnight UTC, on two documents, with and without a traffic source.
 */
function generateReads(random: () => number, sessions: number): Insertable<EventsTable>[] {
  const events: Insertable<EventsTable>[] = [];
  for (let n = 0; n < sessions; n++) {
    const visit: Visit = {
      session: randomUUID(),
      course: 1,
      doc: 1 + (n % 2),
      extra: n % 3 === 0 ? { utm_source: 'newsletter', browser: 'Firefox' } : { device: 'mobile' },
    };
    let at = Date.parse('2026-05-04T23:50:00Z') + Math.floor(random() * 15 * 60_000);
    const iso = () => new Date(at).toISOString();
    events.push(testEvent(visit, iso(), 'page', 'view'));
    let page = 1;
    for (let step = 0; step < 120; step++) {
      const roll = random();
      if (roll < 0.05) at += 0;
      else at += 1000 + Math.floor(random() * 7000);
      if (roll > 0.9) page += 1;
      const action = roll > 0.97 ? 'inactive' : 'active';
      events.push(testEvent(visit, iso(), 'status', action, { page }));
      if (roll > 0.95) {
        const depth = [25, 50, 75, 100][Math.floor(random() * 4)];
        events.push(testEvent(visit, iso(), 'scroll', `scroll_${depth}`));
      }
      if (roll < 0.01) events.push(testEvent(visit, iso(), 'action', 'download'));
      // The page opened again (a reload, a tab restored): a view of a read under way.
      if (roll > 0.985) events.push(testEvent(visit, iso(), 'page', 'view'));
    }
  }
  return events;
}

/**
 * Every row of every rollup table, in a stable order. Visitor sets of days and weeks that are
 * over have no tails left, so a refresh of past events writes them row for row as a rebuild.
 */
async function snapshotRollups(): Promise<Record<string, string[]>> {
  const snapshot: Record<string, string[]> = {};
  for (const table of ROLLUP_TABLES) {
    const { rows } = await sql<{ row: string }>`
      SELECT to_jsonb(t)::text AS row FROM ${sql.table(table)} AS t`.execute(db);
    snapshot[table] = rows.map((row) => row.row).sort();
  }
  return snapshot;
}

it('adds events arriving in any order, in any batches, exactly as a full rebuild writes them', async () => {
  const random = seededRandom(20261124);
  const events = generateReads(random, 24);
  // In time order mostly, as a live site sends them, with one event in ten held back and
  // sent in a later batch (a retried send, a tab coming back online).
  const late: Insertable<EventsTable>[] = [];
  const onTime = events.filter((event) => {
    if (random() < 0.1) {
      late.push(event);
      return false;
    }
    return true;
  });
  onTime.sort((a, b) => String(a.received_at).localeCompare(String(b.received_at)));
  const batches: Insertable<EventsTable>[][] = [];
  for (let start = 0; start < onTime.length; start += 400) {
    const batch = onTime.slice(start, start + 400);
    batch.push(...late.splice(0, Math.ceil(late.length / 3)));
    batches.push(batch);
  }
  batches.push(late);

  await refreshAnalyticsRollups(db);
  for (const batch of batches) {
    await db.insertInto('events').values(batch).execute();
    const refresh = await refreshUntilNew(db);
    expect(refresh.kind).toBe('incremental');
    const incremental = await snapshotRollups();
    await rebuildAnalyticsRollups(db);
    expect(incremental).toEqual(await snapshotRollups());
  }
  const sessions = [...new Set(events.map((event) => event.session_id))];
  const stored = await sql<{ n: number }>`
    SELECT sum(events)::int AS n FROM analytics_session_hours
    WHERE session_id = ANY (${sessions}::uuid[])`.execute(db);
  expect(stored.rows[0]?.n).toBe(events.length);
});

/** Twelve generated reads (from `seed`), stored and refreshed in two halves. */
async function refreshTwelveReads(seed: number): Promise<void> {
  const events = generateReads(seededRandom(seed), 12);
  for (const half of [events.slice(0, 800), events.slice(800)]) {
    await db.insertInto('events').values(half).execute();
    await refreshUntilNew(db);
  }
}

it("migration 0016 fills a course's breakdown sets as the refresh writes them", async () => {
  await refreshTwelveReads(20261125);
  const sets = async () => ({
    days: (await setsAsRebuilt('analytics_session_sets').execute(db)).rows,
    weeks: (await setsAsRebuilt('analytics_session_set_weeks').execute(db)).rows,
  });
  const written = await sets();
  // As the code before 0016 left them: a course's sets without sources, devices and actions.
  const breakdowns = sql`scope LIKE 'course:%'
    AND dimension NOT IN ('sessions', 'document', 'depth')`;
  await sql`DELETE FROM analytics_session_sets WHERE ${breakdowns}`.execute(db);
  await sql`DELETE FROM analytics_session_set_weeks WHERE ${breakdowns}`.execute(db);
  expect((await sets()).days.length).toBeLessThan(written.days.length);

  // In a transaction, as the migrator runs it; a migration is typed for any database. 0016
  // fills the sets with the sums of its day, which 0018 takes out.
  await db.transaction().execute(async (trx) => {
    await fillCourseBreakdownSets(trx as unknown as Kysely<unknown>);
    await lightenRollupRefresh(trx as unknown as Kysely<unknown>);
  });
  expect(await sets()).toEqual(written);
});

it('migration 0018 leaves the sets of where visitors came from as the refresh writes them', async () => {
  await refreshTwelveReads(20261127);
  const written = await snapshotRollups();
  // As the code before 0018 left them: events and active time summed there too.
  const visitorSets = sql`dimension IN ('utm_source', 'utm_medium', 'utm_campaign',
    'referrer_host', 'browser', 'os', 'device')`;
  for (const table of ['analytics_session_sets', 'analytics_session_set_weeks']) {
    const summed = await sql`
      UPDATE ${sql.table(table)} SET events = events + 3, active_ms = active_ms + 5000,
        bot_events = bot_events + 1, bot_active_ms = bot_active_ms + 2000
      WHERE ${visitorSets}`.execute(db);
    expect(Number(summed.numAffectedRows)).toBeGreaterThan(0);
  }
  expect(await snapshotRollups()).not.toEqual(written);

  await db.transaction().execute((trx) => lightenRollupRefresh(trx as unknown as Kysely<unknown>));
  expect(await snapshotRollups()).toEqual(written);
});

it('migration 0017 fills where each read stands as the refresh writes it', async () => {
  await refreshTwelveReads(20261126);
  const written = await snapshotRollups();
  expect(written.analytics_read_ends?.length).toBeGreaterThan(0);
  await sql`DROP TABLE analytics_read_ends, analytics_read_end_days`.execute(db);
  // In a transaction, as the migrator runs it; a migration is typed for any database.
  await db.transaction().execute((trx) => fillReadEnds(trx as unknown as Kysely<unknown>));
  expect(await snapshotRollups()).toEqual(written);
});

it('reads only the stored pings next to new ones, not the whole read so far', async () => {
  const visit: Visit = { session: randomUUID(), course: 1, doc: 1 };
  const start = Date.parse('2026-05-06T10:00:00Z');
  const pings = Array.from({ length: 600 }, (_, i) =>
    testEvent(visit, new Date(start + i * 5000).toISOString(), 'status', 'active', { page: 1 }),
  );
  await db.insertInto('events').values(pings).execute();
  await refreshUntilNew(db);

  await db
    .insertInto('events')
    .values(
      testEvent(visit, new Date(start + 599 * 5000 + 2000).toISOString(), 'status', 'active', {
        page: 2,
      }),
    )
    .execute();
  const refresh = await refreshUntilNew(db);
  // The new ping and the one stored ping within an interval of it (now worth 2 s, not 5): two
  // events read, not the 601 of the read so far.
  expect(refresh).toMatchObject({ newEvents: 1, sessionDays: 1, eventsRead: 2 });
  const classified = await sql<{ active: string }>`
    SELECT sum(active_ms)::text AS active FROM analytics_session_hours
    WHERE session_id = ${visit.session}`.execute(db);
  expect(Number(classified.rows[0]?.active)).toBe(599 * 5000 + 2000 + 5000);
});

it("keeps the events' BRIN indexes summarized, so finding new events reads only new pages", async () => {
  // Past a whole BRIN page range (128 pages) of new rows: vacuum would be the only one to
  // summarize it otherwise, and every refresh would read it all.
  await sql`
    INSERT INTO events (event_id, received_at, type, name, action, session_id, path,
      path_with_params, location)
    SELECT gen_random_uuid(), now() - interval '1 hour' + n * interval '1 ms', 'scroll',
      'document', 'scroll_25', gen_random_uuid(), '/', '/', 'http://localhost:3000/'
    FROM generate_series(1, 20000) AS n`.execute(db);
  await refreshUntilNew(db);
  // Summarizing again finds nothing left to summarize.
  const { rows } = await sql<{ summarized: number }>`
    SELECT coalesce(sum(brin_summarize_new_values(i.inhrelid)), 0)::int AS summarized
    FROM pg_inherits AS i
    WHERE i.inhparent IN ('events_stored_at_brin_idx'::regclass,
                          'events_received_at_brin_idx'::regclass)`.execute(db);
  expect(rows[0]?.summarized).toBe(0);
});

/** Today's rows of the whole site's set of sessions, tails last. */
async function todaysSiteSessionRows(): Promise<{ tail: boolean; members: number }[]> {
  const { rows } = await sql<{ tail: boolean; members: number }>`
    SELECT tail, cardinality(sessions | bot_sessions) AS members FROM analytics_session_sets
    WHERE day = (now() AT TIME ZONE 'UTC')::date AND scope = 'site' AND dimension = 'sessions'
    ORDER BY tail`.execute(db);
  return rows;
}

/** Views by `count` new sessions, `secondsAgo` seconds ago but never before today (UTC). */
function viewsToday(count: number, secondsAgo: number): Insertable<EventsTable>[] {
  const midnight = new Date();
  midnight.setUTCHours(0, 0, 0, 0);
  const at = new Date(Math.max(midnight.getTime() + 1000, Date.now() - secondsAgo * 1000));
  return Array.from({ length: count }, () =>
    testEvent({ session: randomUUID(), course: 1, doc: 1 }, at.toISOString(), 'page', 'view'),
  );
}

it("takes today's new visitors into a tail beside the set, which reads with it as a rebuild writes it", async () => {
  await db.insertInto('events').values(viewsToday(5, 120)).execute();
  await refreshUntilNew(db);
  await rebuildAnalyticsRollups(db);
  const rebuilt = await todaysSiteSessionRows();
  expect(rebuilt.map((row) => row.tail)).toEqual([false]);

  await db.insertInto('events').values(viewsToday(3, 60)).execute();
  await refreshUntilNew(db);
  // The set's row is left as it was; the three new sessions are in its tail.
  expect(await todaysSiteSessionRows()).toEqual([rebuilt[0], { tail: true, members: 3 }]);
  const incremental = {
    days: (await setsAsRebuilt('analytics_session_sets').execute(db)).rows,
    weeks: (await setsAsRebuilt('analytics_session_set_weeks').execute(db)).rows,
  };
  await rebuildAnalyticsRollups(db);
  expect({
    days: (await setsAsRebuilt('analytics_session_sets').execute(db)).rows,
    weeks: (await setsAsRebuilt('analytics_session_set_weeks').execute(db)).rows,
  }).toEqual(incremental);
});

it('merges a tail into its set once it holds SET_TAIL_MEMBERS members', async () => {
  await refreshAnalyticsRollups(db);
  const before = await todaysSiteSessionRows();
  const members = before.reduce((sum, row) => sum + row.members, 0);
  for (let i = 0; i < SET_TAIL_MEMBERS; i += 1000) {
    await db
      .insertInto('events')
      .values(viewsToday(Math.min(1000, SET_TAIL_MEMBERS - i), 30))
      .execute();
  }
  await refreshUntilNew(db);
  const after = await todaysSiteSessionRows();
  expect(after.map((row) => row.tail)).toEqual([false]);
  // Earlier tests' sessions of today, if any, are counted once.
  expect(after[0]?.members).toBeGreaterThanOrEqual(SET_TAIL_MEMBERS);
  expect(after[0]?.members).toBeLessThanOrEqual(members + SET_TAIL_MEMBERS);
});
