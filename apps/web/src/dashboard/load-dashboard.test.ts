import { randomUUID } from 'node:crypto';
import { getRealtimeSessions } from '@coursepack/analytics/queries/get-realtime-sessions';
import { refreshAnalyticsRollups } from '@coursepack/analytics/rollups/refresh-analytics-rollups';
import { previousPeriod, type StatsRange } from '@coursepack/analytics/stats-range';
import { refreshUntilNew } from '@coursepack/analytics/testing/refresh-until-new';
import { testEvent } from '@coursepack/analytics/testing/test-event';
import type { Database, EventsTable } from '@coursepack/db/schema';
import { insertCatalogTaxonomy } from '@coursepack/db/testing/insert-catalog-taxonomy';
import { insertCourse } from '@coursepack/db/testing/insert-course';
import { insertDocument } from '@coursepack/db/testing/insert-document';
import { createTestDatabase, type TestDatabase } from '@coursepack/db/testing/test-database';
import type { Insertable, Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '@/auth/viewer';
import { AppError } from '@/errors/app-error';
import { insertViewers, testViewer } from '@/testing/test-viewer';
import { loadDashboard } from './load-dashboard';
import { loadRealtimeForViewer } from './load-realtime-for-viewer';
import {
  type DashboardTarget,
  type DashboardView,
  resolveDashboardAccess,
} from './resolve-dashboard-access';

/*
 * Owner A has course A (document A1, 3 pages) and a draft course; owner B has course B
 * (document B1). In the range (10–11 March 2026): session 1 reads A1 (two pings on page 2,
 * scroll to 50 %), session 2 reads B1 on the 11th, session 3 sees only the home page, a bot
 * reads A1. In the previous period (8–9 March): sessions 4 and 5 read A1.
 */

let testDb: TestDatabase;
let db: Kysely<Database>;
const ids = { courseA: 0, courseB: 0, draft: 0, a1: 0, b1: 0, draftDocument: 0, b2: 0 };
const range: StatsRange = {
  from: new Date('2026-03-10T00:00:00Z'),
  to: new Date('2026-03-12T00:00:00Z'),
};
const readingB1At = new Date('2026-03-11T09:00:00Z');
const session = {
  s1: randomUUID(),
  s2: randomUUID(),
  s3: randomUUID(),
  s4: randomUUID(),
  s5: randomUUID(),
  bot: randomUUID(),
};

const ownerA = testViewer('owner-a');
const ownerB = testViewer('owner-b');
const admin = testViewer('admin', 'admin');
const member = testViewer('member');

function event(
  session: string,
  at: string,
  type: string,
  action: string,
  where: { course?: number; doc?: number; page?: number; bot?: boolean } = {},
): Insertable<EventsTable> {
  const extra = { is_bot: where.bot ?? false, device: 'desktop' };
  return testEvent({ session, course: where.course, doc: where.doc, extra }, at, type, action, {
    page: where.page,
  });
}

async function allowedView(who: Viewer, target: DashboardTarget): Promise<DashboardView> {
  const access = await resolveDashboardAccess(db, who, target);
  if (access.status !== 'allowed') throw new Error(`expected access, got ${access.status}`);
  return access.view;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  await insertViewers(db, [ownerA, ownerB, admin, member]);
  const { north, maths } = await insertCatalogTaxonomy(db);
  const course = (slug: string, owner: string, published = true) =>
    insertCourse(db, {
      slug,
      title: `Course ${slug}`,
      subject_id: maths.id,
      institution_id: north.id,
      owner_id: owner,
      published,
    });
  ids.courseA = await course('a', ownerA.id);
  ids.courseB = await course('b', ownerB.id);
  ids.draft = await course('draft', ownerA.id, false);
  const document = (slug: string, courseId: number, published = true) =>
    insertDocument(db, {
      slug,
      title: `Document ${slug}`,
      course_id: courseId,
      page_count: 3,
      published,
    });
  ids.a1 = await document('a1', ids.courseA);
  ids.b1 = await document('b1', ids.courseB);
  ids.draftDocument = await document('in-draft', ids.draft);
  ids.b2 = await document('b2', ids.courseB, false);

  const a1 = { course: ids.courseA, doc: ids.a1 };
  const b1 = { course: ids.courseB, doc: ids.b1 };
  await db
    .insertInto('events')
    .values([
      event(session.s1, '2026-03-10T10:00:00Z', 'page', 'view', a1),
      event(session.s1, '2026-03-10T10:00:01Z', 'scroll', 'scroll_25', a1),
      event(session.s1, '2026-03-10T10:00:02Z', 'scroll', 'scroll_50', a1),
      event(session.s1, '2026-03-10T10:00:00Z', 'status', 'active', { ...a1, page: 2 }),
      event(session.s1, '2026-03-10T10:00:05Z', 'status', 'active', { ...a1, page: 2 }),
      event(session.s2, readingB1At.toISOString(), 'page', 'view', b1),
      event(session.s3, '2026-03-10T12:00:00Z', 'page', 'view'),
      event(session.bot, '2026-03-10T13:00:00Z', 'page', 'view', { ...a1, bot: true }),
      event(session.s4, '2026-03-08T10:00:00Z', 'page', 'view', a1),
      event(session.s5, '2026-03-09T10:00:00Z', 'page', 'view', a1),
    ])
    .execute();
  // What the worker does in production: loading a dashboard never refreshes the rollups.
  await refreshAnalyticsRollups(db);
});

afterAll(async () => {
  await testDb?.destroy();
});

describe('who sees which dashboard', () => {
  it('sends a signed-out visitor to sign in and tells a member without courses what it is for', async () => {
    expect(await resolveDashboardAccess(db, null, { kind: 'overview' })).toEqual({
      status: 'signed-out',
    });
    expect(await resolveDashboardAccess(db, member, { kind: 'overview' })).toEqual({
      status: 'no-courses',
    });
  });

  it('gives an owner all of their courses, drafts included, and an admin the whole site', async () => {
    expect(await allowedView(ownerA, { kind: 'overview' })).toEqual({
      kind: 'courses',
      scope: { kind: 'courses', courseIds: expect.arrayContaining([ids.courseA, ids.draft]) },
      courseCount: 2,
    });
    expect(await allowedView(admin, { kind: 'overview' })).toEqual({
      kind: 'site',
      scope: { kind: 'site' },
    });
    expect((await allowedView(ownerA, { kind: 'course', courseId: ids.draft })).kind).toBe(
      'course',
    );
  });

  it("refuses someone else's course and document, and does not find unknown ones", async () => {
    expect(
      await resolveDashboardAccess(db, ownerA, { kind: 'course', courseId: ids.courseB }),
    ).toEqual({ status: 'forbidden' });
    expect(
      await resolveDashboardAccess(db, ownerA, { kind: 'document', documentId: ids.b1 }),
    ).toEqual({ status: 'forbidden' });
    expect(await resolveDashboardAccess(db, ownerA, { kind: 'course', courseId: 999_999 })).toEqual(
      {
        status: 'not-found',
      },
    );
    expect((await allowedView(admin, { kind: 'document', documentId: ids.b1 })).kind).toBe(
      'document',
    );
  });

  it('does not find a draft for anyone who may not see it (it once answered 403)', async () => {
    const access = (who: Viewer, target: DashboardTarget) =>
      resolveDashboardAccess(db, who, target).then((result) => result.status);
    expect(await access(ownerB, { kind: 'course', courseId: ids.draft })).toBe('not-found');
    expect(await access(ownerB, { kind: 'document', documentId: ids.draftDocument })).toBe(
      'not-found',
    );
    expect(await access(ownerA, { kind: 'document', documentId: ids.b2 })).toBe('not-found');
    expect(await access(ownerB, { kind: 'document', documentId: ids.b2 })).toBe('allowed');
    expect(await access(ownerA, { kind: 'document', documentId: ids.draftDocument })).toBe(
      'allowed',
    );
    expect(await access(admin, { kind: 'course', courseId: ids.draft })).toBe('allowed');
  });

  it('does not find ids beyond the database integers (they once answered 500)', async () => {
    expect(await resolveDashboardAccess(db, admin, { kind: 'course', courseId: 2 ** 31 })).toEqual({
      status: 'not-found',
    });
    expect(
      await resolveDashboardAccess(db, admin, { kind: 'document', documentId: 10 ** 20 }),
    ).toEqual({ status: 'not-found' });
  });
});

describe('loadDashboard', () => {
  it("shows an owner only their courses' readers and content", async () => {
    const data = await loadDashboard(db, await allowedView(ownerA, { kind: 'overview' }), range, {
      includeBots: false,
      previous: null,
    });
    expect(data.overview).toMatchObject({ sessions: 1, views: 1, activeSeconds: 10 });
    expect(data.topCourses?.map((course) => course.courseId)).toEqual([ids.courseA]);
    expect(data.topDocuments?.map((document) => document.documentId)).toEqual([ids.a1]);
    expect(data.pages).toBeNull();
    expect(data.previousOverview).toBeNull();
  });

  it('shows an admin every session, pages outside courses included', async () => {
    const data = await loadDashboard(db, await allowedView(admin, { kind: 'overview' }), range, {
      includeBots: false,
      previous: null,
    });
    expect(data.overview).toMatchObject({ sessions: 3, views: 3 });
    expect(data.topCourses?.map((course) => course.courseId).sort()).toEqual(
      [ids.courseA, ids.courseB].sort(),
    );
  });

  it('adds the previous period when comparing', async () => {
    const view = await allowedView(ownerA, { kind: 'course', courseId: ids.courseA });
    const data = await loadDashboard(db, view, range, {
      includeBots: false,
      previous: previousPeriod(range),
    });
    expect(data.overview).toMatchObject({ sessions: 1, views: 1 });
    expect(data.previousOverview).toMatchObject({ sessions: 2, views: 2 });
    expect(data.topCourses).toBeNull();
  });

  it('charts every day of the range and every page of a document', async () => {
    const view = await allowedView(ownerA, { kind: 'document', documentId: ids.a1 });
    const data = await loadDashboard(db, view, range, { includeBots: false, previous: null });
    expect(data.daily).toEqual([
      { day: '2026-03-10', sessions: 1, views: 1, activeSeconds: 10 },
      { day: '2026-03-11', sessions: 0, views: 0, activeSeconds: 0 },
    ]);
    expect(data.pages).toEqual([
      { page: 1, activeSeconds: 0, stops: 0 },
      { page: 2, activeSeconds: 10, stops: 1 },
      { page: 3, activeSeconds: 0, stops: 0 },
    ]);
    expect(data.overview).toMatchObject({ reads: 1, reached: { 25: 1, 50: 1, 75: 0, 100: 0 } });
    expect(data.topDocuments).toBeNull();
  });

  it('leaves bots out unless asked to count them', async () => {
    const view = await allowedView(ownerA, { kind: 'document', documentId: ids.a1 });
    const withBots = await loadDashboard(db, view, range, { includeBots: true, previous: null });
    expect(withBots.overview.sessions).toBe(2);
  });
});

describe('loadDashboard and the rollups', () => {
  // A day of its own, so the other tests' figures do not depend on the order they run in.
  const day: StatsRange = {
    from: new Date('2026-03-15T00:00:00Z'),
    to: new Date('2026-03-16T00:00:00Z'),
  };
  const readAt = '2026-03-15T10:00:00Z';
  const options = { includeBots: false, previous: null };
  const refreshState = () =>
    db.selectFrom('analytics_refresh_state').selectAll().executeTakeFirstOrThrow();

  it('reads the rollups as they stand, never refreshes them, and says how fresh they are', async () => {
    const view = await allowedView(ownerA, { kind: 'document', documentId: ids.a1 });
    const before = await refreshState();
    await db
      .insertInto('events')
      .values(event(randomUUID(), readAt, 'page', 'view', { course: ids.courseA, doc: ids.a1 }))
      .execute();

    const stale = await loadDashboard(db, view, day, options);
    expect(stale.overview.sessions).toBe(0);
    // The realtime panel reads raw events: the visitor is there at once.
    const now = new Date('2026-03-15T10:02:00Z');
    expect((await getRealtimeSessions(db, view.scope, { now })).sessions).toBe(1);
    expect(stale.freshness).toEqual({
      processedUntil: before.processed_until,
      refreshedAt: before.refreshed_at,
    });
    expect(await refreshState()).toEqual(before);

    // As the worker's next refresh does.
    await refreshUntilNew(db);
    const fresh = await loadDashboard(db, view, day, options);
    expect(fresh.overview.sessions).toBe(1);
    expect(fresh.freshness.processedUntil?.getTime()).toBeGreaterThan(
      before.processed_until.getTime(),
    );
  });
});

describe('loadRealtimeForViewer', () => {
  const now = new Date(readingB1At.getTime() + 2 * 60 * 1000);

  it("shows the owner who is reading their documents right now, and nobody else's", async () => {
    expect(await loadRealtimeForViewer(db, ownerB, new URLSearchParams(), now)).toEqual({
      sessions: 1,
      views: 1,
      documents: [{ documentId: ids.b1, title: 'Document b1', sessions: 1 }],
    });
    expect(await loadRealtimeForViewer(db, ownerA, new URLSearchParams(), now)).toMatchObject({
      sessions: 0,
    });
    expect(
      await loadRealtimeForViewer(
        db,
        ownerB,
        new URLSearchParams({ document: String(ids.b1) }),
        now,
      ),
    ).toMatchObject({ sessions: 1 });
  });

  it('answers with the stats API statuses', async () => {
    const status = (who: Viewer | null, params: Record<string, string>) =>
      loadRealtimeForViewer(db, who, new URLSearchParams(params), now).then(
        () => 200,
        (error: unknown) => (error instanceof AppError ? error.status : 500),
      );
    expect(await status(null, {})).toBe(401);
    expect(await status(member, {})).toBe(403);
    expect(await status(ownerA, { course: String(ids.courseB) })).toBe(403);
    expect(await status(ownerA, { document: '999999' })).toBe(404);
    expect(await status(ownerA, { document: '99999999999' })).toBe(404);
    expect(await status(ownerA, { document: '2147483648' })).toBe(404);
    expect(await status(ownerA, { document: '12abc' })).toBe(400);
    expect(await status(ownerB, { course: String(ids.draft) })).toBe(404);
    expect(await status(ownerA, { course: '1', document: '1' })).toBe(400);
    expect(await status(ownerA, { include_bots: 'yes' })).toBe(400);
    expect(await status(ownerA, { include_bots: 'true' })).toBe(200);
  });
});
