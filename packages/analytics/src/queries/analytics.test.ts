import { randomUUID } from 'node:crypto';
import type { Database, EventsTable } from '@coursepack/db/schema';
import { insertCatalogTaxonomy } from '@coursepack/db/testing/insert-catalog-taxonomy';
import { createTestDatabase, type TestDatabase } from '@coursepack/db/testing/test-database';
import type { Insertable, Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsOptions, AnalyticsScope } from '../analytics-scope';
import {
  type RollupRefresh,
  rebuildAnalyticsRollups,
  refreshAnalyticsRollups,
} from '../rollups/refresh-analytics-rollups';
import { lastDays, previousPeriod, type StatsRange } from '../stats-range';
import { fromRawEvents } from '../testing/from-raw-events';
import { refreshUntilNew } from '../testing/refresh-until-new';
import { testEvent as event, type Visit } from '../testing/test-event';
import { getContentStats } from './get-content-stats';
import { getOverviewStats } from './get-overview-stats';
import { getPageAttention } from './get-page-attention';
import { getRealtimeSessions } from './get-realtime-sessions';
import { listActions } from './list-actions';
import { listDailyActivity } from './list-daily-activity';
import { listDevices } from './list-devices';
import { listTopCourses } from './list-top-courses';
import { listTopDocuments } from './list-top-documents';
import { listTrafficSources } from './list-traffic-sources';

/*
 * A small fixed event set whose every figure is worked out by hand below. Course A (documents
 * A1, A2) and course B (document B1); four sessions:
 *
 * S1 desktop Chrome, utm newsletter/email/spring, 2026-03-10 10:00 on A1: view, scroll 25/50,
 *    pings active 10:00:00 p1, :05 p1, :10 p2, inactive :13 p2, active 10:01:00 p2, :05 p3
 *    → 5 + 5 + 3 + 5 + 5 = 23 s (p1 10, p2 8, p3 5), stops on p3; scroll_75 then scroll_up_50
 *    → depth 75; a download. Also a view of A1 on 2026-03-09 (the previous period).
 * S2 mobile Safari from www.google.com, 2026-03-10 11:00: course A page, A1 view, scroll 25…100,
 *    pings 11:00:30 p1, :35 p4 → 10 s, stops on p4; a bookmark. 2026-03-11 09:00: A2 view and
 *    one ping p1 → 5 s, depth 0.
 * S3 a bot on A1: view, scroll_100, one ping p1.
 * S4 desktop Firefox, no source, 2026-03-10 12:29: home page view, a search, B1 view, scroll_25,
 *    pings 12:30:00 and :02 on p1 → 2 + 5 = 7 s.
 */

let testDb: TestDatabase;
let db: Kysely<Database>;
const ids = { courseA: 0, courseB: 0, a1: 0, a2: 0, b1: 0 };
const sessions = { s1: randomUUID(), s2: randomUUID(), s3: randomUUID(), s4: randomUUID() };
const range: StatsRange = {
  from: new Date('2026-03-10T00:00:00Z'),
  to: new Date('2026-03-12T00:00:00Z'),
};
const wholeDays = range;

const ping = (visit: Visit, at: string, page: number, action = 'active') =>
  event(visit, at, 'status', action, { page });

/** Events a test added to the fixture, taken out again after it (see `forgetAddedEvents`). */
const added: string[] = [];

/** Adds events to the hand-worked fixture for this test only. */
async function insert(events: Insertable<EventsTable>[]): Promise<void> {
  added.push(...events.map((row) => row.event_id));
  await db.insertInto('events').values(events).execute();
}

/**
 * Every figure below is worked out from the fixture alone, in whatever order the tests run:
 * events a test added are deleted after it and the rollups rebuilt from what is left.
 */
async function forgetAddedEvents(): Promise<void> {
  if (added.length === 0) return;
  await db.deleteFrom('events').where('event_id', 'in', added.splice(0)).execute();
  await rebuildAnalyticsRollups(db);
}

/** Refreshes until the events just inserted are counted, and checks they were `events` of them. */
async function refreshUntilCounted(events: number): Promise<RollupRefresh> {
  const refresh = await refreshUntilNew(db);
  expect(refresh.newEvents).toBe(events);
  return refresh;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  await db
    .insertInto('users')
    .values(['owner-a', 'owner-b'].map((id) => ({ id, name: id, email: `${id}@example.com` })))
    .execute();
  const { north: institution, maths: subject } = await insertCatalogTaxonomy(db);
  const course = (slug: string, owner: string) =>
    db
      .insertInto('courses')
      .values({
        slug,
        title: `Course ${slug}`,
        subject_id: subject.id,
        institution_id: institution.id,
        owner_id: owner,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  ids.courseA = (await course('a', 'owner-a')).id;
  ids.courseB = (await course('b', 'owner-b')).id;
  const document = (slug: string, courseId: number) =>
    db
      .insertInto('documents')
      .values({ slug, title: `Document ${slug}`, course_id: courseId, kind: 'notes' })
      .returning('id')
      .executeTakeFirstOrThrow();
  ids.a1 = (await document('a1', ids.courseA)).id;
  ids.a2 = (await document('a2', ids.courseA)).id;
  ids.b1 = (await document('b1', ids.courseB)).id;

  const desktopChrome = { browser: 'Chrome', os: 'Windows', device: 'desktop' };
  const s1: Visit = {
    session: sessions.s1,
    course: ids.courseA,
    doc: ids.a1,
    extra: {
      ...desktopChrome,
      utm: true,
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring',
    },
  };
  const mobile = {
    browser: 'Mobile Safari',
    os: 'iOS',
    device: 'mobile',
    referrer: 'https://www.google.com/search?q=matrices',
  };
  const s2Course: Visit = { session: sessions.s2, course: ids.courseA, extra: mobile };
  const s2A1: Visit = { ...s2Course, doc: ids.a1 };
  const s2A2: Visit = { ...s2Course, doc: ids.a2 };
  const s3: Visit = {
    session: sessions.s3,
    course: ids.courseA,
    doc: ids.a1,
    extra: { is_bot: true, browser: 'Googlebot', device: 'desktop' },
  };
  const firefox = { browser: 'Firefox', os: 'Linux', device: 'desktop' };
  const s4Home: Visit = { session: sessions.s4, extra: firefox };
  const s4B1: Visit = { ...s4Home, course: ids.courseB, doc: ids.b1 };

  await db
    .insertInto('events')
    .values([
      event(s1, '2026-03-09T15:00:00Z', 'page', 'view'),
      event(s1, '2026-03-10T10:00:00Z', 'page', 'view'),
      event(s1, '2026-03-10T10:00:01Z', 'scroll', 'scroll_25'),
      event(s1, '2026-03-10T10:00:01.5Z', 'scroll', 'scroll_50'),
      ping(s1, '2026-03-10T10:00:00Z', 1),
      ping(s1, '2026-03-10T10:00:05Z', 1),
      ping(s1, '2026-03-10T10:00:10Z', 2),
      ping(s1, '2026-03-10T10:00:13Z', 2, 'inactive'),
      ping(s1, '2026-03-10T10:01:00Z', 2),
      ping(s1, '2026-03-10T10:01:05Z', 3),
      event(s1, '2026-03-10T10:01:06Z', 'scroll', 'scroll_75'),
      event(s1, '2026-03-10T10:01:07Z', 'scroll', 'scroll_up_50'),
      event(s1, '2026-03-10T10:01:10Z', 'action', 'download'),

      event(s2Course, '2026-03-10T11:00:00Z', 'page', 'view'),
      event(s2A1, '2026-03-10T11:00:30Z', 'page', 'view'),
      ...['scroll_25', 'scroll_50', 'scroll_75', 'scroll_100'].map((action) =>
        event(s2A1, '2026-03-10T11:00:31Z', 'scroll', action),
      ),
      ping(s2A1, '2026-03-10T11:00:30Z', 1),
      ping(s2A1, '2026-03-10T11:00:35Z', 4),
      event(s2A1, '2026-03-10T11:00:40Z', 'action', 'bookmark'),
      event(s2A2, '2026-03-11T09:00:00Z', 'page', 'view'),
      ping(s2A2, '2026-03-11T09:00:00Z', 1),

      event(s3, '2026-03-10T12:00:00Z', 'page', 'view'),
      event(s3, '2026-03-10T12:00:01Z', 'scroll', 'scroll_100'),
      ping(s3, '2026-03-10T12:00:00Z', 1),

      event(s4Home, '2026-03-10T12:29:00Z', 'page', 'view'),
      event(s4Home, '2026-03-10T12:29:10Z', 'action', 'submitted', { name: 'search' }),
      event(s4B1, '2026-03-10T12:30:00Z', 'page', 'view'),
      event(s4B1, '2026-03-10T12:30:01Z', 'scroll', 'scroll_25'),
      ping(s4B1, '2026-03-10T12:30:00Z', 1),
      ping(s4B1, '2026-03-10T12:30:02Z', 1),
    ])
    .execute();
  await refreshAnalyticsRollups(db);
});

afterAll(async () => {
  await testDb?.destroy();
});

const site: AnalyticsScope = { kind: 'site' };
const documentA1 = (): AnalyticsScope => ({ kind: 'document', documentId: ids.a1 });
const courseA = (): AnalyticsScope => ({ kind: 'course', courseId: ids.courseA });

/** Every query of the dashboard for a scope, as one comparable value. */
async function everything(
  scope: AnalyticsScope,
  options: AnalyticsOptions = {},
  range: StatsRange = wholeDays,
) {
  return {
    overview: await getOverviewStats(db, scope, range, options),
    pages: await getPageAttention(db, scope, range, options),
    daily: await listDailyActivity(db, scope, range, options),
    documents: await listTopDocuments(db, scope, range, options),
    courses: await listTopCourses(db, scope, range, options),
    sources: await listTrafficSources(db, scope, range, options),
    devices: await listDevices(db, scope, range, options),
    actions: await listActions(db, scope, range, options),
  };
}

describe('overview', () => {
  it('counts distinct sessions, page views, active seconds and mean depth site-wide', async () => {
    expect(await getOverviewStats(db, site, range)).toEqual({
      sessions: 3,
      views: 6,
      activeSeconds: 45,
      reads: 4,
      reached: { 25: 3, 50: 2, 75: 2, 100: 1 },
      averageDepth: 50,
    });
  });

  it('limits a document to its own events', async () => {
    expect(await getOverviewStats(db, documentA1(), range)).toEqual({
      sessions: 2,
      views: 2,
      activeSeconds: 33,
      reads: 2,
      reached: { 25: 2, 50: 2, 75: 2, 100: 1 },
      averageDepth: 87.5,
    });
  });

  it('includes the course page and every document of a course', async () => {
    expect(await getOverviewStats(db, courseA(), range)).toMatchObject({
      sessions: 2,
      views: 4,
      activeSeconds: 38,
      reads: 3,
    });
  });

  it("gives an owner their courses' pages and documents, not pages outside any course", async () => {
    const scope: AnalyticsScope = { kind: 'courses', courseIds: [ids.courseA, ids.courseB] };
    expect(await getOverviewStats(db, scope, range)).toMatchObject({ sessions: 3, views: 5 });
    expect(await getOverviewStats(db, { kind: 'courses', courseIds: [] }, range)).toMatchObject({
      sessions: 0,
      views: 0,
      averageDepth: null,
    });
  });

  it('leaves bots out unless asked to include them', async () => {
    expect(await getOverviewStats(db, documentA1(), range, { includeBots: true })).toEqual({
      sessions: 3,
      views: 3,
      activeSeconds: 38,
      reads: 3,
      reached: { 25: 3, 50: 3, 75: 3, 100: 2 },
      averageDepth: 275 / 3,
    });
  });

  it('compares with the previous period of the same length', async () => {
    const previous = previousPeriod(range);
    expect(previous).toEqual({
      from: new Date('2026-03-08T00:00:00Z'),
      to: new Date('2026-03-10T00:00:00Z'),
    });
    expect(await getOverviewStats(db, documentA1(), previous)).toEqual({
      sessions: 1,
      views: 1,
      activeSeconds: 0,
      reads: 1,
      reached: { 25: 0, 50: 0, 75: 0, 100: 0 },
      averageDepth: 0,
    });
  });

  it('splits sessions, views and active time by UTC day', async () => {
    expect(await listDailyActivity(db, site, range)).toEqual([
      { day: '2026-03-10', sessions: 3, views: 5, activeSeconds: 40 },
      { day: '2026-03-11', sessions: 1, views: 1, activeSeconds: 5 },
    ]);
  });
});

describe('reading depth', () => {
  it('counts reads by the furthest scroll, ignoring scrolling back up', async () => {
    expect(await getOverviewStats(db, site, range)).toMatchObject({
      reads: 4,
      reached: { 25: 3, 50: 2, 75: 2, 100: 1 },
    });
    expect(await getOverviewStats(db, documentA1(), range)).toMatchObject({
      reads: 2,
      reached: { 25: 2, 50: 2, 75: 2, 100: 1 },
    });
  });
});

describe('page attention', () => {
  it('credits each active ping to the page in view and finds where readers stopped', async () => {
    expect(await getPageAttention(db, documentA1(), range)).toEqual([
      { page: 1, activeSeconds: 15, stops: 0 },
      { page: 2, activeSeconds: 8, stops: 0 },
      { page: 3, activeSeconds: 5, stops: 1 },
      { page: 4, activeSeconds: 5, stops: 1 },
    ]);
  });

  it('adds pages of the same number across the documents of a course', async () => {
    const pages = await getPageAttention(db, courseA(), range);
    expect(pages[0]).toEqual({ page: 1, activeSeconds: 20, stops: 1 });
  });
});

describe('top content', () => {
  it('ranks documents by sessions with their titles, time and depth', async () => {
    expect(await listTopDocuments(db, site, range)).toEqual([
      {
        documentId: ids.a1,
        title: 'Document a1',
        courseId: ids.courseA,
        courseTitle: 'Course a',
        sessions: 2,
        views: 2,
        activeSeconds: 33,
        averageDepth: 87.5,
      },
      expect.objectContaining({ documentId: ids.a2, sessions: 1, activeSeconds: 5 }),
      expect.objectContaining({ documentId: ids.b1, sessions: 1, activeSeconds: 7 }),
    ]);
  });

  it('ranks courses by sessions on the course page and its documents', async () => {
    expect(await listTopCourses(db, site, range)).toEqual([
      { courseId: ids.courseA, title: 'Course a', sessions: 2, views: 4, activeSeconds: 38 },
      { courseId: ids.courseB, title: 'Course b', sessions: 1, views: 1, activeSeconds: 7 },
    ]);
  });
});

describe('breakdowns', () => {
  it('counts sessions and views by utm parameter and referrer host', async () => {
    expect(await listTrafficSources(db, site, range)).toEqual({
      utmSources: [
        { value: null, sessions: 2, views: 5 },
        { value: 'newsletter', sessions: 1, views: 1 },
      ],
      utmMediums: [
        { value: null, sessions: 2, views: 5 },
        { value: 'email', sessions: 1, views: 1 },
      ],
      utmCampaigns: [
        { value: null, sessions: 2, views: 5 },
        { value: 'spring', sessions: 1, views: 1 },
      ],
      referrers: [
        { value: null, sessions: 2, views: 3 },
        { value: 'google.com', sessions: 1, views: 3 },
      ],
    });
  });

  it('counts sessions and views by device, browser and operating system', async () => {
    expect(await listDevices(db, site, range)).toEqual({
      devices: [
        { value: 'desktop', sessions: 2, views: 3 },
        { value: 'mobile', sessions: 1, views: 3 },
      ],
      browsers: [
        { value: 'Mobile Safari', sessions: 1, views: 3 },
        { value: 'Firefox', sessions: 1, views: 2 },
        { value: 'Chrome', sessions: 1, views: 1 },
      ],
      operatingSystems: [
        { value: 'iOS', sessions: 1, views: 3 },
        { value: 'Linux', sessions: 1, views: 2 },
        { value: 'Windows', sessions: 1, views: 1 },
      ],
    });
  });

  it('counts named actions by type, name and action, apart from views, scrolls and pings', async () => {
    expect(await listActions(db, site, range)).toEqual([
      { type: 'action', name: 'document', action: 'bookmark', events: 1, sessions: 1 },
      { type: 'action', name: 'document', action: 'download', events: 1, sessions: 1 },
      { type: 'action', name: 'search', action: 'submitted', events: 1, sessions: 1 },
    ]);
    expect(await listActions(db, documentA1(), range)).toHaveLength(2);
  });

  it("keeps a course's sources, devices and actions in its visitor sets, as the site's", async () => {
    // A course's dashboard reads these from the sets; from its rows they cost most of its time.
    const dimensions = async (scope: string) =>
      (
        await db
          .selectFrom('analytics_session_sets')
          .select('dimension')
          .distinct()
          .where('scope', '=', scope)
          .orderBy('dimension')
          .execute()
      ).map((row) => row.dimension);
    expect(await dimensions(`course:${ids.courseA}`)).toEqual(
      (await dimensions('site')).filter((dimension) => dimension !== 'course'),
    );
    expect(await dimensions(`course:${ids.courseA}`)).toEqual(
      expect.arrayContaining(['action', 'browser', 'device', 'os', 'referrer_host', 'utm_source']),
    );
  });
});

describe('realtime', () => {
  it('counts sessions of the last five minutes from raw events', async () => {
    expect(await getRealtimeSessions(db, site, { now: new Date('2026-03-11T09:03:00Z') })).toEqual({
      sessions: 1,
      views: 1,
      documents: [{ documentId: ids.a2, title: 'Document a2', sessions: 1 }],
    });
    expect(await getRealtimeSessions(db, site, { now: new Date('2026-03-11T09:06:00Z') })).toEqual({
      sessions: 0,
      views: 0,
      documents: [],
    });
  });
  it('leaves out documents deleted since (issue 30: "A deleted document — 1 reader"), still counting their visitors', async () => {
    const gone = await db
      .insertInto('documents')
      .values({ slug: 'gone', title: 'Document gone', course_id: ids.courseA, kind: 'notes' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const visit: Visit = { session: randomUUID(), course: ids.courseA, doc: gone.id };
    const at = '2026-03-11T09:01:00Z';
    try {
      await insert([event(visit, at, 'page', 'view'), ping(visit, at, 1)]);
      const now = new Date('2026-03-11T09:03:00Z');
      expect((await getRealtimeSessions(db, site, { now })).documents).toContainEqual({
        documentId: gone.id,
        title: 'Document gone',
        sessions: 1,
      });
      await db.deleteFrom('documents').where('id', '=', gone.id).execute();
      expect(await getRealtimeSessions(db, site, { now })).toEqual({
        sessions: 2,
        views: 2,
        documents: [{ documentId: ids.a2, title: 'Document a2', sessions: 1 }],
      });
      const course = { kind: 'course', courseId: ids.courseA } as const;
      expect((await getRealtimeSessions(db, course, { now })).documents).toEqual([
        { documentId: ids.a2, title: 'Document a2', sessions: 1 },
      ]);
    } finally {
      await forgetAddedEvents();
    }
  });
});

describe('stats API shape', () => {
  it('answers a document with views, sessions, active seconds, the depth funnel and pages', async () => {
    expect(await getContentStats(db, { kind: 'document', documentId: ids.a1 }, range)).toEqual({
      from: '2026-03-10T00:00:00.000Z',
      to: '2026-03-12T00:00:00.000Z',
      views: 2,
      sessions: 2,
      active_seconds: 33,
      average_depth: 87.5,
      depth: { '25': 2, '50': 2, '75': 2, '100': 1 },
      pages: [
        { page: 1, active_seconds: 15, stops: 0 },
        { page: 2, active_seconds: 8, stops: 0 },
        { page: 3, active_seconds: 5, stops: 1 },
        { page: 4, active_seconds: 5, stops: 1 },
      ],
      rollups_updated_at: expect.any(String),
    });
  });
});

describe('rollups', () => {
  afterEach(forgetAddedEvents);

  it('give the same answers as computing from raw events', async () => {
    for (const scope of [site, documentA1(), courseA()]) {
      expect(await everything(scope)).toEqual(await everything(scope, { source: fromRawEvents }));
      expect(await everything(scope, { includeBots: true })).toEqual(
        await everything(scope, { includeBots: true, source: fromRawEvents }),
      );
    }
  });

  it('give the same answers over ranges cut within a day or spanning whole weeks', async () => {
    const ranges: StatsRange[] = [
      // Within one day; across midnight; hours + a whole day + hours.
      { from: new Date('2026-03-10T10:30:00Z'), to: new Date('2026-03-10T12:00:00Z') },
      { from: new Date('2026-03-10T11:00:00Z'), to: new Date('2026-03-11T10:00:00Z') },
      { from: new Date('2026-03-09T12:00:00Z'), to: new Date('2026-03-11T09:30:00Z') },
      { from: new Date('2026-03-10T00:00:00Z'), to: new Date('2026-03-11T10:00:00Z') },
      // Whole ISO weeks (from the week sets) with days and hours around them.
      { from: new Date('2026-03-01T05:00:00Z'), to: new Date('2026-03-20T07:00:00Z') },
      { from: new Date('2026-03-02T00:00:00Z'), to: new Date('2026-03-16T00:00:00Z') },
    ];
    for (const cut of ranges) {
      for (const scope of [site, documentA1(), courseA()]) {
        expect(await everything(scope, {}, cut)).toEqual(
          await everything(scope, { source: fromRawEvents }, cut),
        );
      }
    }
  });

  it('find where readers stopped over a range running to the present from where each read stands', async () => {
    // Ranges reaching past the rollups' watermark read each read's end; these start before,
    // between and within the fixture's reads, so some reads end before them and some span them.
    const toThePresent = (from: string): StatsRange => ({
      from: new Date(from),
      to: lastDays(1, new Date()).to,
    });
    const ranges = ['2026-03-01T00:00:00Z', '2026-03-10T10:30:00Z', '2026-03-11T00:00:00Z'];
    for (const cut of ranges.map(toThePresent)) {
      for (const scope of [site, documentA1(), courseA()]) {
        for (const includeBots of [false, true]) {
          expect(await getPageAttention(db, scope, cut, { includeBots })).toEqual(
            await getPageAttention(db, scope, cut, { includeBots, source: fromRawEvents }),
          );
        }
      }
    }
  });

  it('counts a range ending in a part-day from its day set only when nothing of that day comes later', async () => {
    const reader = (session: string) => ({ session, course: ids.courseA, doc: ids.a1 });
    await insert([
      event(reader(randomUUID()), '2026-03-13T09:00:00Z', 'page', 'view'),
      event(reader(randomUUID()), '2026-03-13T15:00:00Z', 'page', 'view'),
    ]);
    await refreshUntilCounted(2);
    const endingAt = (to: string): StatsRange => ({
      from: new Date('2026-03-11T06:00:00Z'),
      to: new Date(to),
    });
    // At noon the 15:00 reader is still to come: the part-day is counted from its hours.
    const noon = endingAt('2026-03-13T12:00:00Z');
    // In the evening nothing more comes that day: the day set answers for it.
    const evening = endingAt('2026-03-13T18:00:00Z');
    for (const scope of [site, courseA()]) {
      for (const cut of [noon, evening]) {
        expect(await everything(scope, {}, cut)).toEqual(
          await everything(scope, { source: fromRawEvents }, cut),
        );
      }
      const sessionsBy = async (cut: StatsRange) =>
        (await getOverviewStats(db, scope, cut)).sessions;
      expect((await sessionsBy(evening)) - (await sessionsBy(noon))).toBe(1);
    }
  });

  it('take in late and out-of-order events exactly as a full recompute does', async () => {
    const s1 = {
      session: sessions.s1,
      course: ids.courseA,
      doc: ids.a1,
      extra: { browser: 'Chrome', os: 'Windows', device: 'desktop' },
    };
    // Catch up first: an earlier refresh's watermark may have been held back by a query's
    // open transaction, and would make this refresh redo more than the two new events.
    await refreshAnalyticsRollups(db);
    // A ping from the hidden stretch and a deeper scroll arrive after the refresh.
    await insert([
      ping(s1, '2026-03-10T10:00:30Z', 2),
      event(s1, '2026-03-10T10:00:40Z', 'scroll', 'scroll_100'),
    ]);
    const refresh = await refreshUntilCounted(2);
    expect(refresh).toMatchObject({ kind: 'incremental', sessionDays: 1 });
    const incremental = await everything(documentA1());
    expect(incremental.overview.activeSeconds).toBe(38);
    expect(incremental.overview.reached[100]).toBe(2);
    // The site's and courses' session sets (days and weeks) were redone for that day too.
    const weeks = { from: new Date('2026-03-02T00:00:00Z'), to: new Date('2026-03-16T00:00:00Z') };
    for (const scope of [site, courseA()]) {
      for (const cut of [wholeDays, weeks]) {
        expect(await everything(scope, {}, cut)).toEqual(
          await everything(scope, { source: fromRawEvents }, cut),
        );
      }
    }

    await rebuildAnalyticsRollups(db);
    expect(await everything(documentA1())).toEqual(incremental);
    expect(await everything(site)).toEqual(await everything(site, { source: fromRawEvents }));
  });

  it("redoes a long read from just before its new pings, crediting the last hour's last ping", async () => {
    const reader = { session: randomUUID(), course: ids.courseB, doc: ids.b1 };
    const scope: AnalyticsScope = { kind: 'document', documentId: ids.b1 };
    const activeSeconds = async () => (await getOverviewStats(db, scope, range)).activeSeconds;
    await refreshAnalyticsRollups(db);
    const before = await activeSeconds();
    await insert([
      ping(reader, '2026-03-11T07:30:00Z', 1),
      ping(reader, '2026-03-11T08:59:58Z', 1),
    ]);
    await refreshUntilCounted(2);
    // Neither ping has a successor yet: each is worth one interval.
    expect((await activeSeconds()) - before).toBe(10);

    // Two seconds after the last: the 08:59:58 ping (an hour earlier in the rollups) is now
    // worth 3 s, not 5; the 07:30 hour is left as it was.
    await insert([
      ping(reader, '2026-03-11T09:00:01Z', 2),
      ping(reader, '2026-03-11T09:00:06Z', 2),
    ]);
    const refresh = await refreshUntilCounted(2);
    expect(refresh).toMatchObject({ kind: 'incremental', sessionDays: 1 });
    expect((await activeSeconds()) - before).toBe(5 + 3 + 5 + 5);
    expect(await everything(scope)).toEqual(await everything(scope, { source: fromRawEvents }));
    expect(await everything(site)).toEqual(await everything(site, { source: fromRawEvents }));
  });

  it('does nothing when nothing is new, and runs safely from several callers at once', async () => {
    // Queries of earlier tests ran in transactions that may have held an earlier watermark
    // back (by design: an open transaction might be a group commit); one refresh catches up.
    await refreshAnalyticsRollups(db);
    const before = await everything(site);
    const refreshes = await Promise.all([1, 2, 3].map(() => refreshAnalyticsRollups(db)));
    expect(refreshes.map((refresh) => refresh.sessionDays)).toEqual([0, 0, 0]);
    expect(await everything(site)).toEqual(before);
  });

  it('waits for events of a transaction that is still open when it runs', async () => {
    const late = event(
      { session: randomUUID(), course: ids.courseB, doc: ids.b1 },
      '2026-03-10T18:00:00Z',
      'page',
      'view',
    );
    let commit = () => {};
    const committed = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let inserted = () => {};
    const insertedOnce = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    // Like a collector group commit: stored_at is the transaction's start, visible at commit.
    added.push(late.event_id);
    const writer = db.transaction().execute(async (trx) => {
      await trx.insertInto('events').values(late).execute();
      inserted();
      await committed;
    });
    await insertedOnce;
    await refreshAnalyticsRollups(db);
    commit();
    await writer;
    const scope: AnalyticsScope = { kind: 'document', documentId: ids.b1 };
    expect((await getOverviewStats(db, scope, range)).views).toBe(1);
    await refreshAnalyticsRollups(db);
    expect((await getOverviewStats(db, scope, range)).views).toBe(2);
  });
});
