import type { Database } from '@coursepack/db/schema';
import { insertCourseTaxonomy } from '@coursepack/db/testing/insert-catalog-taxonomy';
import { insertCourse } from '@coursepack/db/testing/insert-course';
import { insertDocument } from '@coursepack/db/testing/insert-document';
import { createTestDatabase, type TestDatabase } from '@coursepack/db/testing/test-database';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTestDatabase } from '@/testing/server-context-double';
import { insertViewers, testViewer } from '@/testing/test-viewer';
import { signInAs } from '@/testing/viewer-double';

/**
 * The HTTP contract of the course, follow and bookmark routes, through the exported handlers with
 * a real database; only the session (Next's request headers) stands in. The cover checks end
 * before any upload, so nothing answers at the configured media address.
 */

vi.mock('server-only', () => ({}));
vi.mock('@/auth/get-viewer', () => import('@/testing/viewer-double'));
vi.mock('@/server/server-context', () => import('@/testing/server-context-double'));

const { POST: createCourseRoute } = await import('./route');
const { PATCH: patchCourseRoute } = await import('./[id]/route');
const { POST: coverRoute } = await import('./[id]/cover/route');
const follow = await import('./[id]/follow/route');
const bookmark = await import('../documents/[id]/bookmark/route');

const SITE = 'http://localhost:3000';
let testDb: TestDatabase;
let db: Kysely<Database>;

const owner = testViewer('owner');
const other = testViewer('other');

function request(
  path: string,
  init: { method: string; json?: unknown; form?: FormData; origin?: string | null },
): Request {
  const headers = new Headers({ host: 'localhost:3000' });
  if (init.origin !== null) headers.set('origin', init.origin ?? SITE);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  return new Request(`${SITE}${path}`, {
    method: init.method,
    headers,
    body: init.form ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
  });
}
const params = (id: number | string) => ({ params: Promise.resolve({ id: String(id) }) });

const course = {
  title: 'Thermodynamics',
  code: 'PHYS 230',
  subject: 'physics',
  institution: 'lakeside',
  description: '<b>Heat</b> & work',
};

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  setTestDatabase(db);
  await insertViewers(db, [owner, other]);
  await insertCourseTaxonomy(db, {
    institution: { slug: 'lakeside', name: 'Lakeside' },
    subject: { slug: 'physics', name: 'Physics' },
  });
});

afterAll(async () => {
  await testDb.destroy();
});

// Each test signs in whoever it needs; none inherits the viewer of the test before.
beforeEach(() => {
  signInAs(null);
});

/** A published course of `owner` (`/courses/<id>-heat-engines`) with one published document. */
async function insertCourseWithDocument(): Promise<{ courseId: number; documentId: number }> {
  const courseId = await insertCourse(db, {
    slug: 'heat-engines',
    title: 'Heat engines',
    subject_id: db.selectFrom('subjects').select('id').where('slug', '=', 'physics'),
    institution_id: db.selectFrom('institutions').select('id').where('slug', '=', 'lakeside'),
    owner_id: owner.id,
  });
  const documentId = await insertDocument(db, {
    course_id: courseId,
    slug: 'notes',
    title: 'Notes',
  });
  return { courseId, documentId };
}

describe('POST /api/courses and PATCH /api/courses/[id]', () => {
  it('answers 401 to an anonymous visitor and creates nothing', async () => {
    signInAs(null);
    const response = await createCourseRoute(
      request('/api/courses', { method: 'POST', json: course }),
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: { code: 'unauthorized', message: 'Sign in to create a course.' },
    });
  });

  it('creates a published course for a member and answers 201 with its path', async () => {
    signInAs(owner);
    const response = await createCourseRoute(
      request('/api/courses', { method: 'POST', json: course }),
    );
    expect(response.status).toBe(201);
    const body = (await response.json()) as { course: { id: number; path: string } };
    expect(body.course.path).toBe(`/courses/${body.course.id}-thermodynamics`);
  });

  it('names each bad field in a 400', async () => {
    signInAs(owner);
    const response = await createCourseRoute(
      request('/api/courses', { method: 'POST', json: { ...course, title: '', subject: '—' } }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: 'bad_request',
        message: 'Title is required. Subject must contain a letter or a digit.',
        fields: {
          title: 'Title is required',
          subject: 'Subject must contain a letter or a digit',
        },
      },
    });
    const notJson = await createCourseRoute(
      new Request(`${SITE}/api/courses`, { method: 'POST', headers: { origin: SITE }, body: '{' }),
    );
    expect(notJson.status).toBe(400);
  });

  it('refuses a request from another site with 403', async () => {
    signInAs(owner);
    const response = await createCourseRoute(
      request('/api/courses', { method: 'POST', json: course, origin: 'https://evil.example' }),
    );
    expect(response.status).toBe(403);
  });

  it("answers 403 to another member's edit, 404 to an unknown course, 200 to the owner", async () => {
    const { courseId } = await insertCourseWithDocument();
    signInAs(other);
    const denied = await patchCourseRoute(
      request(`/api/courses/${courseId}`, { method: 'PATCH', json: { title: 'Hijacked' } }),
      params(courseId),
    );
    expect(denied.status).toBe(403);
    const unknown = await patchCourseRoute(
      request('/api/courses/abc', { method: 'PATCH', json: {} }),
      params('abc'),
    );
    expect(unknown.status).toBe(404);
    signInAs(owner);
    const renamed = await patchCourseRoute(
      request(`/api/courses/${courseId}`, { method: 'PATCH', json: { title: 'Heat pumps' } }),
      params(courseId),
    );
    expect(await renamed.json()).toEqual({
      course: { id: courseId, slug: 'heat-pumps', path: `/courses/${courseId}-heat-pumps` },
    });
  });

  it('answers 401 to an anonymous cover upload and 400 to a form without a file', async () => {
    const { courseId } = await insertCourseWithDocument();
    signInAs(null);
    const form = new FormData();
    form.append('file', new File([new Uint8Array([1, 2, 3])], 'cover.png'));
    const anonymous = await coverRoute(
      request(`/api/courses/${courseId}/cover`, { method: 'POST', form }),
      params(courseId),
    );
    expect(anonymous.status).toBe(401);
    signInAs(owner);
    const empty = await coverRoute(
      request(`/api/courses/${courseId}/cover`, { method: 'POST', form: new FormData() }),
      params(courseId),
    );
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      error: { message: 'Choose an image file to upload as the cover.' },
    });
  });
});

describe('follow and bookmark routes', () => {
  it('follows and unfollows with PUT and DELETE, answering the count', async () => {
    const { courseId: id } = await insertCourseWithDocument();
    signInAs(other);
    const put = await follow.PUT(
      request(`/api/courses/${id}/follow`, { method: 'PUT' }),
      params(id),
    );
    expect(await put.json()).toEqual({ following: true, followers: 1 });
    const again = await follow.PUT(
      request(`/api/courses/${id}/follow`, { method: 'PUT' }),
      params(id),
    );
    expect(await again.json()).toEqual({ following: true, followers: 1 });
    const del = await follow.DELETE(
      request(`/api/courses/${id}/follow`, { method: 'DELETE' }),
      params(id),
    );
    expect(await del.json()).toEqual({ following: false, followers: 0 });
  });

  it('takes the button form without JavaScript and goes back to the page with a confirmation (303)', async () => {
    const { courseId: id } = await insertCourseWithDocument();
    signInAs(other);
    const form = new FormData();
    form.append('intent', 'on');
    form.append('next', `/courses/${id}-heat-engines`);
    const response = await follow.POST(
      request(`/api/courses/${id}/follow`, { method: 'POST', form }),
      params(id),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/courses/${id}-heat-engines?flash=followed`);
    const follows = await db
      .selectFrom('course_follows')
      .where('course_id', '=', id)
      .select('user_id')
      .execute();
    expect(follows).toEqual([{ user_id: 'other' }]);
  });

  it('sends an anonymous visitor to sign in and back, and never to another site', async () => {
    const { documentId } = await insertCourseWithDocument();
    signInAs(null);
    const form = new FormData();
    form.append('intent', 'on');
    form.append('next', `/documents/${documentId}-notes`);
    const response = await bookmark.POST(
      request(`/api/documents/${documentId}/bookmark`, { method: 'POST', form }),
      params(documentId),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(
      `/sign-in?next=${encodeURIComponent(`/documents/${documentId}-notes`)}`,
    );
    signInAs(owner);
    const offsite = new FormData();
    offsite.append('intent', 'on');
    offsite.append('next', '//evil.example/phish');
    const redirected = await bookmark.POST(
      request(`/api/documents/${documentId}/bookmark`, { method: 'POST', form: offsite }),
      params(documentId),
    );
    expect(redirected.headers.get('location')).toBe('/?flash=bookmarked');
  });

  it('answers 401 to an anonymous JSON bookmark and 403 to a cross-site one', async () => {
    const { documentId } = await insertCourseWithDocument();
    signInAs(owner);
    await bookmark.PUT(
      request(`/api/documents/${documentId}/bookmark`, { method: 'PUT' }),
      params(documentId),
    );
    signInAs(null);
    const anonymous = await bookmark.PUT(
      request(`/api/documents/${documentId}/bookmark`, { method: 'PUT' }),
      params(documentId),
    );
    expect(anonymous.status).toBe(401);
    signInAs(owner);
    const crossSite = await bookmark.DELETE(
      request(`/api/documents/${documentId}/bookmark`, {
        method: 'DELETE',
        origin: 'https://evil.example',
      }),
      params(documentId),
    );
    expect(crossSite.status).toBe(403);
    const rows = await db
      .selectFrom('document_bookmarks')
      .where('document_id', '=', documentId)
      .selectAll()
      .execute();
    expect(rows).toEqual([expect.objectContaining({ user_id: 'owner', document_id: documentId })]);
  });
});
