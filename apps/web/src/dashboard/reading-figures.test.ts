import { randomUUID } from 'node:crypto';
import { refreshAnalyticsRollups } from '@coursepack/analytics/rollups/refresh-analytics-rollups';
import { previousPeriod, type StatsRange } from '@coursepack/analytics/stats-range';
import { testEvent } from '@coursepack/analytics/testing/test-event';
import type { Database, EventsTable } from '@coursepack/db/schema';
import { insertCatalogTaxonomy } from '@coursepack/db/testing/insert-catalog-taxonomy';
import { insertCourse } from '@coursepack/db/testing/insert-course';
import { insertDocument } from '@coursepack/db/testing/insert-document';
import { createTestDatabase, type TestDatabase } from '@coursepack/db/testing/test-database';
import type { Insertable, Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCount, formatDepth } from '@/format/format-numbers';
import { insertViewers, testViewer } from '@/testing/test-viewer';
import { describeChange, describePreviousPeriod } from './describe-change';
import { describeDepthFunnel, describeReadingEnds } from './describe-reading';
import { type DashboardData, loadDashboard } from './load-dashboard';
import { resolveDashboardAccess } from './resolve-dashboard-access';

/*
 * The figures of issue 30 that seemed to contradict each other, made by tracked events of a
 * 4-page document and read back from the rollups in PostgreSQL as its dashboard reads them.
 * On 10 March 2026:
 *   R1 opens it, and its first screen already shows 25 % (`scroll_25`); stays on page 1.
 *   R2 scrolls to the end, then back up to page 2, and leaves from there.
 *   R3 scrolls to the end and leaves from page 4.
 *   R4 opens it and leaves from page 1 without a scroll event.
 * On 8 March (the previous period) one reader, R5.
 */

let testDb: TestDatabase;
let db: Kysely<Database>;
let data: DashboardData;
const owner = testViewer('owner');
const range: StatsRange = {
  from: new Date('2026-03-10T00:00:00Z'),
  to: new Date('2026-03-12T00:00:00Z'),
};

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  await insertViewers(db, [owner]);
  const { north, maths } = await insertCatalogTaxonomy(db);
  const courseId = await insertCourse(db, {
    slug: 'optics',
    title: 'Optics',
    subject_id: maths.id,
    institution_id: north.id,
    owner_id: owner.id,
    published: false,
  });
  const documentId = await insertDocument(db, {
    slug: 'lenses',
    title: 'Lenses',
    course_id: courseId,
    page_count: 4,
    published: false,
  });
  const where = { course: courseId, doc: documentId };
  const read = (
    minute: string,
    scrolls: string[],
    pages: number[],
    day = '2026-03-10',
  ): Insertable<EventsTable>[] => {
    const visit = { ...where, session: randomUUID(), extra: { device: 'desktop' } };
    const at = (second: number) => `${day}T10:${minute}:${String(second).padStart(2, '0')}Z`;
    return [
      testEvent(visit, at(0), 'page', 'view'),
      ...scrolls.map((action, index) => testEvent(visit, at(1 + index), 'scroll', action)),
      ...pages.map((page, index) =>
        testEvent(visit, at(10 + 5 * index), 'status', 'active', { page }),
      ),
    ];
  };
  const toTheEnd = ['scroll_25', 'scroll_50', 'scroll_75', 'scroll_100'];
  await db
    .insertInto('events')
    .values([
      ...read('01', ['scroll_25'], [1, 1]),
      ...read('02', [...toTheEnd, 'scroll_up_75', 'scroll_up_50'], [1, 3, 4, 2]),
      ...read('03', toTheEnd, [1, 2, 3, 4]),
      ...read('04', [], [1]),
      ...read('05', ['scroll_25'], [1], '2026-03-08'),
    ])
    .execute();
  await refreshAnalyticsRollups(db);
  const access = await resolveDashboardAccess(db, owner, {
    kind: 'document',
    documentId,
  });
  if (access.status !== 'allowed') throw new Error(`expected access, got ${access.status}`);
  data = await loadDashboard(db, access.view, range, {
    includeBots: false,
    previous: previousPeriod(range),
  });
});

afterAll(async () => {
  await testDb?.destroy();
});

describe("a document's dashboard says what its reading figures count", () => {
  it('has the figures that looked contradictory', () => {
    expect(data.overview).toMatchObject({
      sessions: 4,
      reads: 4,
      reached: { 25: 3, 50: 2, 75: 2, 100: 2 },
    });
    expect(data.pages?.map((page) => page.stops)).toEqual([2, 1, 0, 1]);
  });

  it('places "past 25 %" on page 1, so it agrees with the readers who left from page 1', () => {
    const { steps, note } = describeDepthFunnel(data.overview, 4);
    expect(steps[1]).toEqual({ label: 'Saw 25%', detail: 'about page 1', count: 3 });
    expect(note).toMatch(/each page of this 4-page document is about 25% of it/);
    expect(describeReadingEnds(data.pages ?? [], data.overview.reached[100]).lastPage).toBe(
      'Readers most often left from page 1: 2 of the 4 readers whose last page is known (50%).',
    );
  });

  it('says why two readers reached the end while one left from the last page', () => {
    const finished = data.overview.reached[100];
    expect(describeDepthFunnel(data.overview, 4).steps[4]).toEqual({
      label: 'Reached the end',
      detail: 'page 4',
      count: 2,
    });
    expect(describeReadingEnds(data.pages ?? [], finished).ends).toBe(
      '2 readers reached the end at some point (Reading depth), and 1 left while on the last page: a reader who reaches the end and goes back to an earlier page leaves from that page.',
    );
  });

  it('gives growth over the previous period as a percentage, from the figure it had', () => {
    expect(data.previousOverview?.sessions).toBe(1);
    const period = describePreviousPeriod(previousPeriod(range));
    expect(
      describeChange(data.overview.sessions, data.previousOverview?.sessions, period, {
        format: formatCount,
      }),
    ).toMatchObject({ label: '▲ 300%', text: 'up 300% from 1 in the previous 2 days' });
    // 56.25 % now (25, 100, 100, 0) against 25 % then.
    expect(
      describeChange(data.overview.averageDepth, data.previousOverview?.averageDepth, period, {
        unit: 'points',
        format: formatDepth,
      }),
    ).toMatchObject({ label: '▲ 31 pts', previous: '25%' });
  });
});
