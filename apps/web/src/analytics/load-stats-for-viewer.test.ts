import { randomUUID } from 'node:crypto';
import { refreshAnalyticsRollups } from '@coursepack/analytics/rollups/refresh-analytics-rollups';
import { refreshUntilNew } from '@coursepack/analytics/testing/refresh-until-new';
import { testEvent } from '@coursepack/analytics/testing/test-event';
import type { Database } from '@coursepack/db/schema';
import { insertCatalogTaxonomy } from '@coursepack/db/testing/insert-catalog-taxonomy';
import { insertCourse } from '@coursepack/db/testing/insert-course';
import { insertDocument } from '@coursepack/db/testing/insert-document';
import { insertUsers } from '@coursepack/db/testing/insert-user';
import { createTestDatabase, type TestDatabase } from '@coursepack/db/testing/test-database';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '@/auth/viewer';
import { AppError } from '@/errors/app-error';
import { loadStatsForViewer, type StatsRequest } from './load-stats-for-viewer';

let testDb: TestDatabase;
let db: Kysely<Database>;
const ids = { course: 0, document: 0, draft: 0, draftDocument: 0 };

function viewer(id: string, role: Viewer['role'] = 'member'): Viewer {
  return { id, email: `${id}@example.com`, name: id, role, emailVerified: true, image: null };
}

const owner = viewer('owner');
const stranger = viewer('stranger');
const admin = viewer('admin', 'admin');

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  await insertUsers(
    db,
    [owner, stranger, admin].map(({ id, email }) => ({ id, email })),
  );
  const { north: institution, maths: subject } = await insertCatalogTaxonomy(db);
  const taxonomy = { subject_id: subject.id, institution_id: institution.id };
  ids.course = await insertCourse(db, {
    slug: 'algebra',
    title: 'Algebra',
    ...taxonomy,
    owner_id: owner.id,
  });
  ids.document = await insertDocument(db, { slug: 'notes', title: 'Notes', course_id: ids.course });
  ids.draft = await insertCourse(db, {
    slug: 'draft',
    title: 'Draft',
    ...taxonomy,
    owner_id: owner.id,
    published: false,
  });
  ids.draftDocument = await insertDocument(db, {
    slug: 'plan',
    title: 'Plan',
    course_id: ids.draft,
  });
  await db
    .insertInto('events')
    .values(
      testEvent(
        { session: '0195f0a0-0000-7000-8000-0000000000aa', course: ids.course, doc: ids.document },
        '2026-05-10T10:00:00Z',
        'page',
        'view',
      ),
    )
    .execute();
  // What the worker does in production: a stats request never refreshes the rollups.
  await refreshAnalyticsRollups(db);
});

afterAll(async () => {
  await testDb?.destroy();
});

const now = new Date('2026-05-20T12:00:00Z');

function request(kind: StatsRequest['kind'], id: number | string, query = ''): StatsRequest {
  return { kind, id: String(id), searchParams: new URLSearchParams(query) };
}

async function failure(who: Viewer | null, stats: StatsRequest) {
  try {
    await loadStatsForViewer(db, who, stats, now);
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, parameter: error.details?.parameter };
    throw error;
  }
  throw new Error('the request was answered');
}

describe('stats API access', () => {
  it('asks anonymous visitors to sign in, before looking at anything else', async () => {
    expect(await failure(null, request('document', ids.document))).toEqual({
      code: 'unauthorized',
      parameter: undefined,
    });
    expect(await failure(null, request('course', 'nope', 'from=bad'))).toMatchObject({
      code: 'unauthorized',
    });
  });

  it("refuses someone else's course and its documents", async () => {
    expect(await failure(stranger, request('document', ids.document))).toMatchObject({
      code: 'forbidden',
    });
    expect(await failure(stranger, request('course', ids.course))).toMatchObject({
      code: 'forbidden',
    });
  });

  it('answers the owner and admins with the figures of the range', async () => {
    const query = 'from=2026-05-01&to=2026-05-19';
    for (const who of [owner, admin]) {
      expect(
        await loadStatsForViewer(db, who, request('document', ids.document, query), now),
      ).toMatchObject({ views: 1, sessions: 1, from: '2026-05-01T00:00:00.000Z' });
      expect(
        await loadStatsForViewer(db, who, request('course', ids.course, query), now),
      ).toMatchObject({ views: 1, sessions: 1 });
    }
  });

  it('says 404 for an unknown id and 400 naming a bad parameter', async () => {
    expect(await failure(admin, request('document', 999_999))).toMatchObject({
      code: 'not_found',
    });
    expect(await failure(admin, request('course', '12abc'))).toEqual({
      code: 'bad_request',
      parameter: 'id',
    });
    expect(await failure(owner, request('course', ids.course, 'from=2026-13-01'))).toEqual({
      code: 'bad_request',
      parameter: 'from',
    });
    expect(
      await failure(owner, request('course', ids.course, 'from=2026-05-10&to=2026-05-01')),
    ).toEqual({ code: 'bad_request', parameter: 'from' });
    expect(await failure(owner, request('course', ids.course, 'include_bots=yes'))).toEqual({
      code: 'bad_request',
      parameter: 'include_bots',
    });
  });

  it('answers 404, not 500, for ids beyond the database integers', async () => {
    for (const id of ['2147483648', '999999999999999', '9'.repeat(400)]) {
      expect(await failure(admin, request('course', id))).toEqual({
        code: 'not_found',
        parameter: undefined,
      });
      expect(await failure(admin, request('document', id))).toMatchObject({ code: 'not_found' });
    }
    expect(await failure(admin, request('course', '2147483648', 'from=bad'))).toEqual({
      code: 'bad_request',
      parameter: 'from',
    });
  });

  it('answers 400 naming the parameter, not 500, for dates out of range', async () => {
    expect(await failure(owner, request('course', ids.course, 'from=0000-01-01'))).toEqual({
      code: 'bad_request',
      parameter: 'from',
    });
    expect(await failure(owner, request('document', ids.document, 'to=9999-12-31'))).toEqual({
      code: 'bad_request',
      parameter: 'to',
    });
  });

  it("answers 404 for someone else's draft course and its documents, as elsewhere", async () => {
    expect(await failure(stranger, request('course', ids.draft))).toMatchObject({
      code: 'not_found',
    });
    expect(await failure(stranger, request('document', ids.draftDocument))).toMatchObject({
      code: 'not_found',
    });
    expect(await loadStatsForViewer(db, owner, request('course', ids.draft), now)).toMatchObject({
      views: 0,
    });
  });
});

describe('stats API freshness', () => {
  it('answers from the rollups as they stand, without refreshing them, and says as of when', async () => {
    const refreshState = () =>
      db.selectFrom('analytics_refresh_state').selectAll().executeTakeFirstOrThrow();
    const before = await refreshState();
    await db
      .insertInto('events')
      // A day no other test asks about: their figures stay the fixture's.
      .values(
        testEvent(
          { session: randomUUID(), course: ids.course, doc: ids.document },
          '2026-04-20T10:00:00Z',
          'page',
          'view',
        ),
      )
      .execute();
    const query = 'from=2026-04-20&to=2026-04-20';

    const stale = await loadStatsForViewer(
      db,
      owner,
      request('document', ids.document, query),
      now,
    );
    expect(stale).toMatchObject({
      views: 0,
      rollups_updated_at: before.processed_until.toISOString(),
    });
    expect(await refreshState()).toEqual(before);

    // As the worker's next refresh does.
    await refreshUntilNew(db);
    const fresh = await loadStatsForViewer(
      db,
      owner,
      request('document', ids.document, query),
      now,
    );
    expect(fresh.views).toBe(1);
    expect(Date.parse(fresh.rollups_updated_at ?? '')).toBeGreaterThan(
      before.processed_until.getTime(),
    );
  });
});
