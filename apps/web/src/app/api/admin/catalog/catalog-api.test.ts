import type { Database } from '@coursepack/db/schema';
import { insertCourseTaxonomy } from '@coursepack/db/testing/insert-catalog-taxonomy';
import { createTestDatabase, type TestDatabase } from '@coursepack/db/testing/test-database';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTestConfig, setTestDatabase } from '@/testing/server-context-double';
import { insertViewers, testViewer } from '@/testing/test-viewer';
import { signInAs } from '@/testing/viewer-double';

/**
 * The HTTP contract of the catalogue routes (suggestions for everyone, rename and merge for
 * admins), through the exported handlers with a real database; only the session stands in, as
 * in courses-api.test.ts.
 */

vi.mock('server-only', () => ({}));
vi.mock('@/auth/get-viewer', () => import('@/testing/viewer-double'));
vi.mock('@/server/server-context', () => import('@/testing/server-context-double'));

const { PATCH: renameRoute } = await import('./[list]/[id]/route');
const { POST: mergeRoute } = await import('./[list]/[id]/merge/route');
const { GET: choicesRoute } = await import('../../courses/choices/route');

const SITE = 'http://localhost:3000';
let testDb: TestDatabase;
let db: Kysely<Database>;
let ids: { institution_id: number; subject_id: number };
const admin = testViewer('admin', 'admin');
const member = testViewer('member');

function request(path: string, init: { method: string; json?: unknown; origin?: string }) {
  return new Request(`${SITE}${path}`, {
    method: init.method,
    headers: {
      host: 'localhost:3000',
      origin: init.origin ?? SITE,
      ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
}
const params = (list: string, id: number | string) => ({
  params: Promise.resolve({ list, id: String(id) }),
});

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  setTestDatabase(db);
  setTestConfig({ siteUrl: SITE });
  await insertViewers(db, [admin, member]);
  ids = await insertCourseTaxonomy(db);
});

afterAll(() => testDb.destroy());

beforeEach(() => {
  signInAs(null);
});

describe('GET /api/courses/choices', () => {
  it('suggests existing names to anyone, folding case and accents', async () => {
    const response = await choicesRoute(
      request('/api/courses/choices?list=institutions&q=NÖRTH', { method: 'GET' }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      suggestions: [{ name: 'Northbridge University', courseCount: 0 }],
    });
  });

  it('names a bad parameter in a 400', async () => {
    const unknown = await choicesRoute(
      request('/api/courses/choices?list=users&q=a', { method: 'GET' }),
    );
    expect(unknown.status).toBe(400);
    const long = await choicesRoute(
      request(`/api/courses/choices?list=subjects&q=${'a'.repeat(201)}`, { method: 'GET' }),
    );
    expect(long.status).toBe(400);
  });
});

describe('PATCH /api/admin/catalog/[list]/[id] and POST …/merge', () => {
  it('refuses visitors (401), members (403) and other sites (403) before reading the body', async () => {
    const rename = () =>
      renameRoute(
        request(`/api/admin/catalog/subjects/${ids.subject_id}`, {
          method: 'PATCH',
          json: { name: 'Maths' },
        }),
        params('subjects', ids.subject_id),
      );
    expect((await rename()).status).toBe(401);
    signInAs(member);
    const refused = await rename();
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: {
        code: 'forbidden',
        message: 'Only admins can rename or merge institutions and subjects.',
      },
    });
    const merge = await mergeRoute(
      request(`/api/admin/catalog/subjects/${ids.subject_id}/merge`, {
        method: 'POST',
        json: { into: 1 },
      }),
      params('subjects', ids.subject_id),
    );
    expect(merge.status).toBe(403);
    signInAs(admin);
    const crossSite = await renameRoute(
      request(`/api/admin/catalog/subjects/${ids.subject_id}`, {
        method: 'PATCH',
        json: { name: 'Maths' },
        origin: 'https://evil.example',
      }),
      params('subjects', ids.subject_id),
    );
    expect(crossSite.status).toBe(403);
    const subject = await db
      .selectFrom('subjects')
      .where('id', '=', ids.subject_id)
      .select('name')
      .executeTakeFirstOrThrow();
    expect(subject.name).toBe('Mathematics');
  });

  it('renames for an admin, and answers 409 for a name another entry has', async () => {
    signInAs(admin);
    const other = await db
      .insertInto('subjects')
      .values({ slug: 'maths', name: 'Maths' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const renamed = await renameRoute(
      request(`/api/admin/catalog/subjects/${other.id}`, {
        method: 'PATCH',
        json: { name: '  Applied   Maths ' },
      }),
      params('subjects', other.id),
    );
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toEqual({ entry: { id: other.id, name: 'Applied Maths' } });
    const taken = await renameRoute(
      request(`/api/admin/catalog/subjects/${other.id}`, {
        method: 'PATCH',
        json: { name: 'MATHÉMATICS' },
      }),
      params('subjects', other.id),
    );
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { error: { message: string } }).error.message).toBe(
      'There is already a subject called "Mathematics". Merge the two instead, so their courses are filed together.',
    );
  });

  it('merges for an admin; unknown lists and ids are answered without a query', async () => {
    signInAs(admin);
    const merged = await db
      .insertInto('institutions')
      .values({ slug: 'nbu', name: 'NBU' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const response = await mergeRoute(
      request(`/api/admin/catalog/institutions/${merged.id}/merge`, {
        method: 'POST',
        json: { into: ids.institution_id },
      }),
      params('institutions', merged.id),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      into: { id: ids.institution_id, name: 'Northbridge University' },
      movedCourses: 0,
    });
    const badId = await mergeRoute(
      request('/api/admin/catalog/institutions/0/merge', { method: 'POST', json: { into: 1 } }),
      params('institutions', '0'),
    );
    expect(badId.status).toBe(404);
    const huge = await renameRoute(
      request('/api/admin/catalog/institutions/99999999999', {
        method: 'PATCH',
        json: { name: 'X' },
      }),
      params('institutions', '99999999999'),
    );
    expect(huge.status).toBe(404);
    const badList = await renameRoute(
      request('/api/admin/catalog/users/1', { method: 'PATCH', json: { name: 'X' } }),
      params('users', 1),
    );
    expect(badList.status).toBe(400);
  });
});
