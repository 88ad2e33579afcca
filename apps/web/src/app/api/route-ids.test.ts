import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setTestConfig, setTestDatabase } from '@/testing/server-context-double';
import { testViewer } from '@/testing/test-viewer';
import { signInAs } from '@/testing/viewer-double';

/**
 * No input reaches the database as an id it cannot hold, on any route that takes one: every
 * handler runs with a signed-in admin, the right origin and a database that records any use.
 * An id beyond 2147483647 is a 404 everywhere; a malformed one is a 404 on the product routes and
 * a 400 naming the parameter on the stats API (docs/decisions/004-request-pipeline.md).
 */
const state = { touched: [] as string[] };

vi.mock('server-only', () => ({}));
vi.mock('@/auth/get-viewer', () => import('@/testing/viewer-double'));
vi.mock('@/server/server-context', () => import('@/testing/server-context-double'));

const SITE = 'http://localhost:3000';

// Awaiting a value reads its `then`; anything else read from it is a query being built.
const recordingDb = new Proxy(
  {},
  {
    get(_target, property) {
      if (property === 'then' || typeof property === 'symbol') return undefined;
      state.touched.push(property);
      throw new Error(`the database was used (${property})`);
    },
  },
) as Kysely<Database>;
setTestDatabase(recordingDb);
setTestConfig({ siteUrl: SITE });

type Handler = (
  request: Request,
  context?: { params: Promise<Record<string, string>> },
) => Promise<Response>;

interface IdRoute {
  name: string;
  method: string;
  handler: Handler;
  /** The request for this id: its path segments, or its query string. */
  ask: (id: string) => { params?: Record<string, string>; query?: string };
  noun: 'course' | 'document';
  /** How a malformed id is answered: the stats API says 400, naming the parameter. */
  malformed: 404 | { status: 400; parameter: string };
}

const courseRoute = await import('./courses/[id]/route');
const coverRoute = await import('./courses/[id]/cover/route');
const followRoute = await import('./courses/[id]/follow/route');
const documentRoute = await import('./documents/[id]/route');
const bookmarkRoute = await import('./documents/[id]/bookmark/route');
const statusRoute = await import('./documents/[id]/status/route');
const textRoute = await import('./documents/[id]/pages/[page]/text/route');
const courseStats = await import('./stats/courses/[id]/route');
const documentStats = await import('./stats/documents/[id]/route');
const realtime = await import('./stats/realtime/route');

const segment = (id: string) => ({ params: { id } });

const ROUTES: IdRoute[] = [
  {
    name: 'PATCH /api/courses/[id]',
    method: 'PATCH',
    handler: courseRoute.PATCH,
    ask: segment,
    noun: 'course',
    malformed: 404,
  },
  {
    name: 'POST /api/courses/[id]/cover',
    method: 'POST',
    handler: coverRoute.POST,
    ask: segment,
    noun: 'course',
    malformed: 404,
  },
  {
    name: 'PUT /api/courses/[id]/follow',
    method: 'PUT',
    handler: followRoute.PUT,
    ask: segment,
    noun: 'course',
    malformed: 404,
  },
  {
    name: 'DELETE /api/courses/[id]/follow',
    method: 'DELETE',
    handler: followRoute.DELETE,
    ask: segment,
    noun: 'course',
    malformed: 404,
  },
  {
    name: 'POST /api/courses/[id]/follow',
    method: 'POST',
    handler: followRoute.POST,
    ask: segment,
    noun: 'course',
    malformed: 404,
  },
  {
    name: 'PATCH /api/documents/[id]',
    method: 'PATCH',
    handler: documentRoute.PATCH,
    ask: segment,
    noun: 'document',
    malformed: 404,
  },
  {
    name: 'DELETE /api/documents/[id]',
    method: 'DELETE',
    handler: documentRoute.DELETE,
    ask: segment,
    noun: 'document',
    malformed: 404,
  },
  {
    name: 'PUT /api/documents/[id]/bookmark',
    method: 'PUT',
    handler: bookmarkRoute.PUT,
    ask: segment,
    noun: 'document',
    malformed: 404,
  },
  {
    name: 'DELETE /api/documents/[id]/bookmark',
    method: 'DELETE',
    handler: bookmarkRoute.DELETE,
    ask: segment,
    noun: 'document',
    malformed: 404,
  },
  {
    name: 'POST /api/documents/[id]/bookmark',
    method: 'POST',
    handler: bookmarkRoute.POST,
    ask: segment,
    noun: 'document',
    malformed: 404,
  },
  {
    name: 'GET /api/documents/[id]/status',
    method: 'GET',
    handler: statusRoute.GET,
    ask: segment,
    noun: 'document',
    malformed: 404,
  },
  {
    name: 'GET /api/documents/[id]/pages/[page]/text',
    method: 'GET',
    handler: textRoute.GET,
    ask: (id) => ({ params: { id, page: '1' } }),
    noun: 'document',
    malformed: 404,
  },
  {
    name: 'GET /api/stats/courses/[id]',
    method: 'GET',
    handler: courseStats.GET,
    ask: segment,
    noun: 'course',
    malformed: { status: 400, parameter: 'id' },
  },
  {
    name: 'GET /api/stats/documents/[id]',
    method: 'GET',
    handler: documentStats.GET,
    ask: segment,
    noun: 'document',
    malformed: { status: 400, parameter: 'id' },
  },
  {
    name: 'GET /api/stats/realtime?course=',
    method: 'GET',
    handler: realtime.GET,
    ask: (id) => ({ query: `course=${encodeURIComponent(id)}` }),
    noun: 'course',
    malformed: { status: 400, parameter: 'course' },
  },
  {
    name: 'GET /api/stats/realtime?document=',
    method: 'GET',
    handler: realtime.GET,
    ask: (id) => ({ query: `document=${encodeURIComponent(id)}` }),
    noun: 'document',
    malformed: { status: 400, parameter: 'document' },
  },
];

const OUT_OF_RANGE = ['2147483648', '99999999999', '9'.repeat(400), '2147483648-a-slug'];
const MALFORMED = ['-1', '0', '1e3', '012', '12_x', '12-UPPER', '1.5', '0x10', ' 12', '%', ''];

async function answer(route: IdRoute, id: string): Promise<Response> {
  const { params, query } = route.ask(id);
  // A POST carries the follow and bookmark buttons' form, so a valid id goes as far as it can.
  const form = route.method === 'POST' ? new URLSearchParams({ intent: 'on' }) : undefined;
  const request = new Request(`${SITE}/api/any${query ? `?${query}` : ''}`, {
    method: route.method,
    headers: { origin: SITE, host: 'localhost:3000' },
    body: form,
  });
  return route.handler(request, { params: Promise.resolve(params ?? {}) });
}

beforeEach(() => {
  signInAs(testViewer('admin', 'admin'));
  state.touched = [];
});

/** The one answer to an id that names nothing the route could hold. */
async function expectNoSuch(route: IdRoute, id: string, response: Response): Promise<void> {
  expect(response.status).toBe(404);
  expect(await response.json()).toEqual({
    error: { code: 'not_found', message: `There is no ${route.noun} "${id}".` },
  });
}

describe.each(ROUTES)('$name', (route) => {
  it.each(OUT_OF_RANGE)(
    'answers 404 to the out-of-range id %j without the database',
    async (id) => {
      const response = await answer(route, id);
      expect(state.touched).toEqual([]);
      await expectNoSuch(route, id, response);
    },
  );

  it.each(MALFORMED)('answers the malformed id %j without the database', async (id) => {
    const response = await answer(route, id);
    expect(state.touched).toEqual([]);
    if (route.malformed === 404) {
      await expectNoSuch(route, id, response);
    } else {
      expect(response.status).toBe(route.malformed.status);
      expect((await response.json()).error).toMatchObject({
        code: 'bad_request',
        parameter: route.malformed.parameter,
      });
    }
  });

  it('takes a valid id, with or without its slug, on to the database', async () => {
    for (const id of ['12', '12-linear-algebra', '2147483647']) {
      state.touched = [];
      await answer(route, id);
      expect(state.touched.length, id).toBeGreaterThan(0);
    }
  });
});
