import type { Database } from '@coursepack/db/schema';
import { insertOpticsCourse } from '@coursepack/db/testing/insert-catalog-taxonomy';
import { insertDocument } from '@coursepack/db/testing/insert-document';
import { createTestDatabase, type TestDatabase } from '@coursepack/db/testing/test-database';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FORM_OVERHEAD_BYTES, JSON_BODY_MAX_BYTES } from '@/http/read-limited-body';
import { IMAGE_UPLOAD_MAX_BYTES } from '@/media/check-image-upload';
import { COUNTING_CHUNK_BYTES, countingBody } from '@/testing/counting-body';
import { setTestDatabase } from '@/testing/server-context-double';
import { insertViewers, testViewer } from '@/testing/test-viewer';
import { signInAs } from '@/testing/viewer-double';

/**
 * "No input exhausts the machine": every route that takes a body checks who is asking, then the
 * declared length, before reading it, and never reads past its limit. The bodies here are
 * generated as they are pulled (700 MB if read whole) and count what the route pulled.
 */

vi.mock('server-only', () => ({}));
vi.mock('@/auth/get-viewer', () => import('@/testing/viewer-double'));
vi.mock('@/server/server-context', () => import('@/testing/server-context-double'));

const { POST: createCourseRoute } = await import('./courses/route');
const { PATCH: patchCourseRoute } = await import('./courses/[id]/route');
const { POST: coverRoute } = await import('./courses/[id]/cover/route');
const { POST: avatarRoute } = await import('./account/avatar/route');
const { PATCH: patchDocumentRoute } = await import('./documents/[id]/route');
const { POST: followFormRoute } = await import('./courses/[id]/follow/route');

const SITE = 'http://localhost:3000';
const HOSTILE_BYTES = 700 * 1024 * 1024;
const IMAGE_FORM_MAX_BYTES = IMAGE_UPLOAD_MAX_BYTES + FORM_OVERHEAD_BYTES;
const owner = testViewer('owner');

let testDb: TestDatabase;
let db: Kysely<Database>;
let courseId = 0;
let documentId = 0;

type Handler = (request: Request) => Promise<Response>;
interface BodyRoute {
  name: string;
  handler: Handler;
  contentType: string;
  maxBytes: number;
  limitMessage: string;
}

const params = (id: number) => ({ params: Promise.resolve({ id: String(id) }) });

const routes = (): BodyRoute[] => [
  {
    name: 'POST /api/courses',
    handler: (request) => createCourseRoute(request),
    contentType: 'application/json',
    maxBytes: JSON_BODY_MAX_BYTES,
    limitMessage: 'The request body is too large; the limit is 64 KB.',
  },
  {
    name: 'PATCH /api/courses/{id}',
    handler: (request) => patchCourseRoute(request, params(courseId)),
    contentType: 'application/json',
    maxBytes: JSON_BODY_MAX_BYTES,
    limitMessage: 'The request body is too large; the limit is 64 KB.',
  },
  {
    name: 'POST /api/courses/{id}/cover',
    handler: (request) => coverRoute(request, params(courseId)),
    contentType: 'multipart/form-data; boundary=x',
    maxBytes: IMAGE_FORM_MAX_BYTES,
    limitMessage: 'The cover is too large; the limit is 10 MB.',
  },
  {
    name: 'POST /api/account/avatar',
    handler: (request) => avatarRoute(request),
    contentType: 'multipart/form-data; boundary=x',
    maxBytes: IMAGE_FORM_MAX_BYTES,
    limitMessage: 'The avatar is too large; the limit is 10 MB.',
  },
  {
    name: 'PATCH /api/documents/{id}',
    handler: (request) => patchDocumentRoute(request, params(documentId)),
    contentType: 'application/json',
    maxBytes: JSON_BODY_MAX_BYTES,
    limitMessage: 'The request body is too large; the limit is 64 KB.',
  },
];

function hostileRequest(
  route: BodyRoute,
  body: ReadableStream<Uint8Array>,
  contentLength?: number,
): Request {
  const headers: Record<string, string> = {
    origin: SITE,
    host: 'localhost:3000',
    'content-type': route.contentType,
  };
  if (contentLength !== undefined) headers['content-length'] = String(contentLength);
  return new Request(`${SITE}/api/x`, {
    method: 'POST',
    headers,
    body,
    duplex: 'half',
  } as RequestInit);
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  setTestDatabase(db);
  await insertViewers(db, [owner]);
  courseId = await insertOpticsCourse(db, owner.id);
  documentId = await insertDocument(db, {
    course_id: courseId,
    owner_id: owner.id,
    slug: 'notes',
    title: 'Notes',
  });
});

afterAll(async () => {
  await testDb.destroy();
});

describe.each(routes())('$name', (route) => {
  it('answers 401 to an anonymous sender without pulling a byte of the body', async () => {
    signInAs(null);
    const body = countingBody(HOSTILE_BYTES);
    const response = await route.handler(hostileRequest(route, body.stream));
    expect(response.status).toBe(401);
    expect(body.pulled()).toBe(0);
  });

  it('answers 413 naming the limit to a declared length over it, without pulling', async () => {
    signInAs(owner);
    const body = countingBody(HOSTILE_BYTES);
    const response = await route.handler(hostileRequest(route, body.stream, HOSTILE_BYTES));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: {
        code: 'payload_too_large',
        message: route.limitMessage,
        limitBytes: route.maxBytes,
      },
    });
    expect(body.pulled()).toBe(0);
  });

  it('answers 413 to a chunked body once it passes the limit, pulling no further', async () => {
    signInAs(owner);
    const body = countingBody(HOSTILE_BYTES);
    const response = await route.handler(hostileRequest(route, body.stream));
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      route.limitMessage,
    );
    expect(body.pulled()).toBeGreaterThan(route.maxBytes);
    expect(body.pulled()).toBeLessThanOrEqual(route.maxBytes + COUNTING_CHUNK_BYTES);
  });
});

describe('POST /api/courses/{id}/follow (the button form)', () => {
  const route: BodyRoute = {
    name: 'follow form',
    handler: (request) => followFormRoute(request, params(courseId)),
    contentType: 'application/x-www-form-urlencoded',
    maxBytes: JSON_BODY_MAX_BYTES,
    limitMessage: 'The request body is too large; the limit is 64 KB.',
  };

  it('reads no more than its small limit, signed in or not', async () => {
    for (const viewer of [null, owner]) {
      signInAs(viewer);
      const body = countingBody(HOSTILE_BYTES);
      const response = await route.handler(hostileRequest(route, body.stream));
      expect(response.status).toBe(413);
      expect(body.pulled()).toBeLessThanOrEqual(route.maxBytes + COUNTING_CHUNK_BYTES);
    }
  });
});
