import type { Database } from '@coursepack/db/schema';
import { insertCourseTaxonomy } from '@coursepack/db/testing/insert-catalog-taxonomy';
import { insertCourse } from '@coursepack/db/testing/insert-course';
import { createTestDatabase, type TestDatabase } from '@coursepack/db/testing/test-database';
import {
  startTestMediaService,
  type TestMediaService,
} from '@coursepack/media/testing/start-test-media-service';
import { processDocument } from '@coursepack/worker/documents/process-document';
import { pngImage, textPdf } from '@coursepack/worker/testing/pdf-fixtures';
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Viewer } from '@/auth/viewer';
import { parseWebConfig, type WebConfig } from '@/config/web-config';
import { countingBody } from '@/testing/counting-body';
import { setTestConfig, setTestDatabase } from '@/testing/server-context-double';
import { insertNewViewer, insertViewers, testViewer } from '@/testing/test-viewer';
import { signInAs } from '@/testing/viewer-double';

/**
 * The HTTP contract of the upload API, through the exported route handlers with a real database
 * and media service; only the session (Next's request headers) is stood in for. The worker's
 * processing of the queued job runs in the test, as apps/worker runs it.
 */

vi.mock('server-only', () => ({}));
vi.mock('@/auth/get-viewer', () => import('@/testing/viewer-double'));
vi.mock('@/server/server-context', () => import('@/testing/server-context-double'));

const { POST } = await import('./route');
const { PATCH, DELETE } = await import('./[id]/route');
const { GET: getStatus } = await import('./[id]/status/route');

const SITE = 'http://localhost:3000';
const MAX_BYTES = 100_000;
let testDb: TestDatabase;
let db: Kysely<Database>;
let media: TestMediaService;
let courseId = 0;
let env: Record<string, string> = {};
/** The suite's settings: the media service above, small uploads. */
let config: WebConfig;

const uploader = testViewer('uploader');
const other = testViewer('other');

let counter = 0;
async function uploadForm(fields: Record<string, string> = {}, file?: File): Promise<FormData> {
  counter += 1;
  const form = new FormData();
  form.set(
    'file',
    file ?? new File([await textPdf([`Lecture ${counter}: vector spaces`])], 'lecture.pdf'),
  );
  form.set('courseId', String(courseId));
  form.set('title', `Lecture ${counter}`);
  form.set('description', '');
  form.set('kind', 'notes');
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
}

function post(body: FormData | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) {
  return new Request(`${SITE}/api/documents`, {
    method: 'POST',
    body,
    headers: { origin: SITE, host: 'localhost:3000', ...headers },
    duplex: 'half',
  } as RequestInit);
}

function context(id: string | number) {
  return { params: Promise.resolve({ id: String(id) }) };
}

/** The worker's part: the job the upload queued. */
async function processQueued(documentId: number): Promise<void> {
  await processDocument({ db, media: media.delivery, maxBytes: MAX_BYTES }, documentId);
}

async function uploaded(): Promise<{ id: number; href: string; status: string }> {
  signInAs(uploader);
  const response = await POST(post(await uploadForm()));
  expect(response.status).toBe(201);
  const { document } = (await response.json()) as {
    document: { id: number; href: string; status: string };
  };
  await processQueued(document.id);
  return document;
}

beforeAll(async () => {
  [testDb, media] = await Promise.all([createTestDatabase(), startTestMediaService()]);
  db = testDb.db;
  env = {
    DATABASE_URL: testDb.url,
    SITE_URL: SITE,
    AUTH_SECRET: 'a-test-secret-that-is-long-enough-to-sign-cookies',
    MEDIA_API_KEY: media.credentials.apiKey,
    MEDIA_API_SECRET: media.credentials.apiSecret,
  };
  setTestDatabase(db);
  config = setTestConfig({
    ...parseWebConfig(env),
    mediaApi: media.credentials,
    mediaBaseUrl: media.delivery.baseUrl,
    mediaCloudName: media.delivery.cloudName,
    uploadMaxBytes: MAX_BYTES,
  });
  await insertViewers(db, [uploader, other]);
  courseId = await insertCourse(db, {
    slug: 'linear-algebra',
    title: 'Linear Algebra',
    ...(await insertCourseTaxonomy(db)),
  });
});

beforeEach(() => {
  signInAs(null);
});

afterAll(async () => {
  await Promise.all([testDb?.destroy(), media?.close()]);
});

describe('POST /api/documents', () => {
  it('answers 201 with the processing document, whose queued job makes it ready', async () => {
    signInAs(uploader);
    const response = await POST(post(await uploadForm({ title: 'Spectral theorem' })));
    expect(response.status).toBe(201);
    const body = (await response.json()) as { document: { id: number } };
    expect(body).toEqual({
      document: {
        id: body.document.id,
        slug: 'spectral-theorem',
        href: `/documents/${body.document.id}-spectral-theorem`,
        status: 'processing',
      },
    });
    await processQueued(body.document.id);
    const status = await getStatus(new Request(`${SITE}/x`), context(body.document.id));
    expect(await status.json()).toEqual({ status: 'ready', pageCount: 1, failureReason: null });
  });

  it('answers 401 to an anonymous visitor without reading the body', async () => {
    const body = countingBody(1_000_000);
    const response = await POST(
      post(body.stream, { 'content-type': 'multipart/form-data; boundary=x' }),
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: { code: 'unauthorized', message: 'Sign in to upload documents.' },
    });
    expect(body.pulled()).toBeLessThanOrEqual(64 * 1024);
  });

  it('answers 403 to a request from another site', async () => {
    signInAs(uploader);
    const response = await POST(post(await uploadForm(), { origin: 'https://evil.example' }));
    expect(response.status).toBe(403);
  });

  it('answers 413 from the declared length, before reading the body', async () => {
    signInAs(uploader);
    const body = countingBody(10_000_000);
    const response = await POST(
      post(body.stream, {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': '10000000',
      }),
    );
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      'The file is too large; the limit is 98 KB.',
    );
    expect(body.pulled()).toBeLessThanOrEqual(64 * 1024);
  });

  it('answers 413 to a body without a length once it passes the limit', async () => {
    signInAs(uploader);
    const body = countingBody(10_000_000);
    const response = await POST(
      post(body.stream, { 'content-type': 'multipart/form-data; boundary=x' }),
    );
    expect(response.status).toBe(413);
    expect(body.pulled()).toBeLessThan(MAX_BYTES + 64 * 1024 + 3 * 16 * 1024);
  });

  it('answers 415 to a PNG named .pdf', async () => {
    signInAs(uploader);
    const png = new File([await pngImage()], 'slides.pdf', { type: 'application/pdf' });
    const response = await POST(post(await uploadForm({}, png)));
    expect(response.status).toBe(415);
    const { error } = (await response.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('unsupported_media_type');
    expect(error.message).toContain('“slides.pdf” is not a PDF');
  });

  it('answers 400 naming the field for a title that is too long', async () => {
    signInAs(uploader);
    const response = await POST(post(await uploadForm({ title: 't'.repeat(201) })));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: 'bad_request',
        message: 'Title must be at most 200 characters.',
        fields: { title: 'Title must be at most 200 characters' },
      },
    });
  });

  it('answers 409 with the existing document for the same file again', async () => {
    signInAs(uploader);
    const pdf = await textPdf(['A file uploaded twice']);
    const first = await POST(post(await uploadForm({ title: 'First' }, new File([pdf], 'a.pdf'))));
    const { document } = (await first.json()) as { document: { id: number; href: string } };
    await processQueued(document.id);
    signInAs(other);
    const second = await POST(post(await uploadForm({}, new File([pdf], 'b.pdf'))));
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({
      error: {
        code: 'conflict',
        message: 'This file is already on Coursepack as “First”.',
        existingDocument: { id: document.id, title: 'First', href: document.href },
      },
    });
  });

  it('answers 415 to a body that is not multipart', async () => {
    signInAs(uploader);
    const response = await POST(
      new Request(`${SITE}/api/documents`, {
        method: 'POST',
        body: '{}',
        headers: { origin: SITE, 'content-type': 'application/json' },
      }),
    );
    expect(response.status).toBe(415);
  });
});

describe('upload limits', () => {
  afterEach(() => {
    setTestConfig(config);
  });

  /** A published course owned by `owner`. */
  async function courseOf(owner: Viewer): Promise<number> {
    const taxonomy = await db
      .selectFrom('courses')
      .select(['institution_id', 'subject_id'])
      .where('id', '=', courseId)
      .executeTakeFirstOrThrow();
    return insertCourse(db, {
      slug: `course-of-${owner.id}`,
      title: `Course of ${owner.id}`,
      ...taxonomy,
      owner_id: owner.id,
    });
  }

  async function uploadInto(course: number): Promise<Response> {
    return POST(post(await uploadForm({ courseId: String(course) })));
  }

  it('accepts the owner’s 61st upload into their own course under the default limits', async () => {
    const teacher = await insertNewViewer(db, 'teacher');
    const course = await courseOf(teacher);
    signInAs(teacher);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) statuses.push((await uploadInto(course)).status);
    expect(statuses).toEqual(Array(61).fill(201));
  });

  it('limits a stranger’s uploads into someone else’s course by LIMIT_UPLOADS_PER_HOUR', async () => {
    const teacher = await insertNewViewer(db, 'teacher');
    const stranger = await insertNewViewer(db, 'stranger');
    const course = await courseOf(teacher);
    setTestConfig({
      ...config,
      limits: parseWebConfig({ ...env, LIMIT_UPLOADS_PER_HOUR: '3' }).limits,
    });
    signInAs(stranger);
    for (let i = 0; i < 3; i += 1) expect((await uploadInto(course)).status).toBe(201);
    const refused = await uploadInto(course);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /^Too many uploads: at most 3 in 60 minutes\. Try again in \d+ minutes?\.$/,
    );
    // The owner of that course is not held back by what a stranger did.
    signInAs(teacher);
    expect((await uploadInto(course)).status).toBe(201);
  });
});

describe('PATCH and DELETE /api/documents/[id]', () => {
  function patch(id: number, body: string, origin = SITE) {
    return PATCH(
      new Request(`${SITE}/api/documents/${id}`, {
        method: 'PATCH',
        body,
        headers: { origin, 'content-type': 'application/json' },
      }),
      context(id),
    );
  }
  function del(id: number) {
    return DELETE(
      new Request(`${SITE}/api/documents/${id}`, { method: 'DELETE', headers: { origin: SITE } }),
      context(id),
    );
  }

  it('lets the uploader rename a document', async () => {
    const { id } = await uploaded();
    const response = await patch(id, JSON.stringify({ title: 'Renamed' }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      document: { id, slug: 'renamed', href: `/documents/${id}-renamed` },
    });
  });

  it('answers 403 to another member and 401 to a visitor', async () => {
    const { id } = await uploaded();
    signInAs(other);
    expect((await patch(id, JSON.stringify({ title: 'Mine' }))).status).toBe(403);
    expect((await del(id)).status).toBe(403);
    signInAs(null);
    expect((await patch(id, JSON.stringify({ title: 'Mine' }))).status).toBe(401);
    expect((await del(id)).status).toBe(401);
  });

  it('answers 400 to a body that is not JSON, and 403 to another site', async () => {
    const { id } = await uploaded();
    const notJson = await patch(id, 'title=x');
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { error: { message: string } }).error.message).toBe(
      'Send the fields as a JSON object.',
    );
    expect((await patch(id, '{"title":"x"}', 'https://evil.example')).status).toBe(403);
  });

  it('deletes the uploader’s document and answers the course to go back to', async () => {
    const { id } = await uploaded();
    const response = await del(id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ courseHref: `/courses/${courseId}-linear-algebra` });
    expect((await getStatus(new Request(`${SITE}/x`), context(id))).status).toBe(404);
  });
});

describe('GET /api/documents/[id]/status', () => {
  it('answers 404 for an id that names no document', async () => {
    expect((await getStatus(new Request(`${SITE}/x`), context('abc'))).status).toBe(404);
    expect((await getStatus(new Request(`${SITE}/x`), context(999_999))).status).toBe(404);
  });
});
