import { insertOpticsCourse } from '@coursepack/db/testing/insert-catalog-taxonomy';
import {
  type StoppableDatabase,
  startStoppableDatabase,
} from '@coursepack/db/testing/stoppable-database';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Viewer } from '@/auth/viewer';
import { PROBE_INTERVAL_MS } from '@/server/database-health';
import { insertViewers, testViewer } from '@/testing/test-viewer';

/**
 * PostgreSQL stops under the running app, then comes back: API routes and better-auth answer
 * 503 with Retry-After (they answered 500), pages are answered 503 by proxy.ts once a request has
 * found the database down, and everything recovers by itself. A server of this suite's own, so
 * it can be stopped; the app's real server context (pool, probe) over it.
 */
const state = vi.hoisted(() => ({ viewer: null as Viewer | null }));
vi.mock('server-only', () => ({}));
vi.mock('@/auth/get-viewer', () => ({ getViewer: async () => state.viewer }));

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
    state.viewer = owner;
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
