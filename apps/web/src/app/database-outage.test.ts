import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { insertOpticsCourse } from '@coursepack/db/testing/insert-catalog-taxonomy';
import {
  type StoppableDatabase,
  startStoppableDatabase,
} from '@coursepack/db/testing/stoppable-database';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getCourse } from '@/catalog/get-course';
import { onRequestError } from '@/instrumentation';
import { PROBE_INTERVAL_MS, QUERY_TIMEOUT_MS } from '@/server/database-health';
import { getDbNow } from '@/server/server-context';
import { createWebRequestListener } from '@/server/web-request-listener';
import { insertViewers, testViewer } from '@/testing/test-viewer';
import { signInAs } from '@/testing/viewer-double';

/**
 * PostgreSQL stops under the running app, then comes back: API routes and better-auth answer
 * 503 with Retry-After (they answered 500), pages are answered 503 by proxy.ts once a request has
 * found the database down, and everything recovers by itself. A server of this suite's own, so
 * it can be stopped; the app's real server context (pool, probe) over it.
 */
vi.mock('server-only', () => ({}));
vi.mock('@/auth/get-viewer', () => import('@/testing/viewer-double'));

const SITE = 'http://localhost:3000';
const owner = testViewer('owner');
let database: StoppableDatabase;
let courseId = 0;

beforeAll(async () => {
  database = await startStoppableDatabase('web-outage', async (db) => {
    await insertViewers(db, [owner]);
    courseId = await insertOpticsCourse(db, owner.id);
  });
  process.env.DATABASE_URL = database.url;
  process.env.SITE_URL = SITE;
});

afterAll(async () => {
  await database?.destroy();
});

const routes = async () => ({
  patchCourse: (await import('./api/courses/[id]/route')).PATCH,
  auth: (await import('./api/auth/[...all]/route')).POST,
  proxy: (await import('../proxy')).proxy,
});

function rename(title: string): Request {
  return new Request(`${SITE}/api/courses/${courseId}`, {
    method: 'PATCH',
    headers: { origin: SITE, 'content-type': 'application/json' },
    body: JSON.stringify({ title }),
  });
}
const params = () => ({ params: Promise.resolve({ id: String(courseId) }) });
const signIn = () =>
  new Request(`${SITE}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: SITE, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@example.org', password: 'a-long-password' }),
  });
/** Lets the proxy's next check probe again, as if PROBE_INTERVAL_MS had passed. */
function skipProbeInterval(): void {
  const later = Date.now() + PROBE_INTERVAL_MS;
  vi.spyOn(Date, 'now').mockReturnValue(later);
}

describe('while PostgreSQL is down', () => {
  it('answers 503 with Retry-After to APIs, sign-in and pages, and recovers by itself', async () => {
    const { patchCourse, auth, proxy } = await routes();
    signInAs(owner);
    expect((await patchCourse(rename('Optics I'), params())).status).toBe(200);
    // Healthy: the proxy lets pages through without touching the database.
    expect((await proxy()).headers.get('x-middleware-next')).toBe('1');

    await database.stop();
    // The pool's idle connection was ended by the shutdown: pages are answered 503 at once,
    // before any request has run into the outage.
    const firstPage = await proxy();
    expect(firstPage.status).toBe(503);

    const api = await patchCourse(rename('Optics II'), params());
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe('5');
    expect(await api.json()).toEqual({
      error: {
        code: 'unavailable',
        message: 'Coursepack cannot reach its database right now; try again in a few seconds.',
      },
    });

    const signInResponse = await auth(signIn());
    expect(signInResponse.status).toBe(503);
    expect(signInResponse.headers.get('retry-after')).toBe('5');
    expect(await signInResponse.json()).toMatchObject({ code: 'unavailable' });

    const page = await proxy();
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe('5');
    expect(await page.text()).toContain('cannot reach our database');

    await database.start();
    skipProbeInterval();
    expect((await proxy()).headers.get('x-middleware-next')).toBe('1');
    vi.restoreAllMocks();
    expect((await patchCourse(rename('Optics III'), params())).status).toBe(200);
  });
});

/**
 * What Next does with a page whose render throws: reports the error to `onRequestError` and
 * answers its error page with a 500 (the page's status cannot change once it fails). The page's
 * read is the course page's own.
 */
async function renderCoursePage(_request: IncomingMessage, response: ServerResponse) {
  try {
    const course = await getCourse(getDbNow(), courseId);
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(`<h1>${course?.title}</h1>`);
  } catch (error) {
    onRequestError(error);
    response.writeHead(500, { 'content-type': 'text/html' });
    response.end('<h1>Something went wrong</h1><p>Try again in a moment.</p>');
  }
}

describe('while PostgreSQL is frozen (SIGSTOP: connections open, nothing answers)', () => {
  it('answers pages and APIs 503 within a bounded time, and recovers once it runs again', async () => {
    const { patchCourse, proxy } = await routes();
    signInAs(owner);
    // A warm pool: its idle connection is what a frozen server leaves hanging.
    expect((await patchCourse(rename('Frozen optics I'), params())).status).toBe(200);
    const server = createServer(createWebRequestListener(renderCoursePage, { trustProxy: false }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const pageUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/courses/1`;
    expect((await fetch(pageUrl)).status).toBe(200);

    await database.freeze();
    try {
      const started = performance.now();
      // Without bounds the page waited for ever; the signal only lets this test end if so.
      const page = await fetch(pageUrl, { signal: AbortSignal.timeout(QUERY_TIMEOUT_MS + 5_000) });
      expect(page.status).toBe(503);
      expect(page.headers.get('retry-after')).toBe('5');
      expect(await page.text()).toContain('Try again');
      expect(performance.now() - started).toBeLessThan(QUERY_TIMEOUT_MS + 3_000);

      // The outage is known now: the next page and API answer 503 without waiting again.
      expect((await proxy()).status).toBe(503);
      const apiStarted = performance.now();
      const api = await patchCourse(rename('Frozen optics II'), params());
      expect(api.status).toBe(503);
      expect((await api.json()).error.code).toBe('unavailable');
      expect(performance.now() - apiStarted).toBeLessThan(3_000);
    } finally {
      await database.thaw();
      server.closeAllConnections();
      server.close();
    }

    skipProbeInterval();
    expect((await proxy()).headers.get('x-middleware-next')).toBe('1');
    vi.restoreAllMocks();
    expect((await patchCourse(rename('Frozen optics III'), params())).status).toBe(200);
  }, 60_000);
});
