import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Viewer } from '@/auth/viewer';
import { AppError } from '@/errors/app-error';
import { setTestConfig } from '@/testing/server-context-double';
import { testViewer } from '@/testing/test-viewer';
import { defineContract } from './contract';
import { idSegment } from './route-id';

const state = vi.hoisted(() => ({ viewer: null as Viewer | null, viewerReads: 0 }));

vi.mock('server-only', () => ({}));
vi.mock('@/auth/get-viewer', () => ({
  getViewer: async () => {
    state.viewerReads += 1;
    return state.viewer;
  },
}));
vi.mock('@/server/server-context', () => import('@/testing/server-context-double'));

const { route } = await import('./route');

const SITE = 'https://coursepack.example';
setTestConfig({ siteUrl: SITE });

function request(path: string, init: { method?: string; origin?: string; body?: string } = {}) {
  const headers = new Headers();
  if (init.origin) headers.set('origin', init.origin);
  return new Request(`${SITE}${path}`, { method: init.method ?? 'GET', headers, body: init.body });
}

const context = (params: Record<string, string>) => ({ params: Promise.resolve(params) });

beforeEach(() => {
  state.viewer = testViewer('ada');
  state.viewerReads = 0;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('route: answers', () => {
  it('answers the handler’s value as JSON with the contract’s status and headers', async () => {
    const handler = route(
      defineContract({
        method: 'POST',
        path: '/api/things',
        status: 201,
        headers: { 'cache-control': 'no-store' },
        response: z.object({ made: z.boolean() }),
      }),
      async () => ({ made: true }),
    );
    const response = await handler(request('/api/things', { method: 'POST' }));
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ made: true });
  });

  it('passes a Response of the handler’s own through untouched', async () => {
    const handler = route(defineContract({ method: 'GET', path: '/api/text' }), async () => {
      return new Response('plain', { status: 202, headers: { 'content-type': 'text/plain' } });
    });
    const response = await handler(request('/api/text'));
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('plain');
  });
});

describe('route: the one error mapping', () => {
  const contract = defineContract({
    method: 'GET',
    path: '/api/fails',
    headers: { 'cache-control': 'public, max-age=60' },
  });

  it('answers an AppError with its status, code, message and details, without success headers', async () => {
    const handler = route(contract, async () => {
      throw new AppError('conflict', 'Already there.', { existing: 3 });
    });
    const response = await handler(request('/api/fails'));
    expect(response.status).toBe(409);
    expect(response.headers.get('cache-control')).toBeNull();
    expect(await response.json()).toEqual({
      error: { code: 'conflict', message: 'Already there.', existing: 3 },
    });
  });

  it('says when to retry a rate-limited request', async () => {
    const handler = route(contract, async () => {
      throw new AppError('rate_limited', 'Slow down.', { retryAfterSeconds: 30 });
    });
    const response = await handler(request('/api/fails'));
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('30');
  });

  it('hides an unexpected error behind a 500', async () => {
    const handler = route(contract, async () => {
      throw new Error('secret internals');
    });
    const response = await handler(request('/api/fails'));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      error: { code: 'internal', message: 'Something went wrong on our side; try again.' },
    });
  });

  it('answers a database that cannot be reached with 503 and Retry-After', async () => {
    const handler = route(contract, async () => {
      throw Object.assign(new Error('refused'), { code: 'ECONNREFUSED' });
    });
    const response = await handler(request('/api/fails'));
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    delete (globalThis as { coursepackDatabaseHealth?: unknown }).coursepackDatabaseHealth;
  });

  it('answers bare { code, message } where better-auth’s client reads it', async () => {
    const handler = route({ ...contract, errorShape: 'better-auth' }, async () => {
      throw new AppError('forbidden', 'No.');
    });
    const response = await handler(request('/api/fails'));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ code: 'forbidden', message: 'No.' });
  });
});

describe('route: who may ask', () => {
  it('asks for a viewer before looking at anything else, in the contract’s words', async () => {
    state.viewer = null;
    const handle = vi.fn(async () => ({}));
    const handler = route(
      defineContract({
        method: 'GET',
        path: '/api/mine/[id]',
        params: z.object({ id: idSegment('course') }),
        auth: 'viewer',
        unauthorized: 'Sign in to see yours.',
        response: z.object({}),
      }),
      handle,
    );
    const response = await handler(request('/api/mine/not-an-id'), context({ id: 'not-an-id' }));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: { code: 'unauthorized', message: 'Sign in to see yours.' },
    });
    expect(handle).not.toHaveBeenCalled();
  });

  it('hands the handler the viewer, or null when optional, after the path is read', async () => {
    const seen: unknown[] = [];
    const handler = route(
      defineContract({
        method: 'GET',
        path: '/api/optional/[id]',
        params: z.object({ id: idSegment('document') }),
        auth: 'optional',
        response: z.object({}),
      }),
      async ({ viewer }) => {
        seen.push(viewer);
        return {};
      },
    );
    state.viewer = null;
    expect((await handler(request('/api/optional/5'), context({ id: '5' }))).status).toBe(200);
    expect(seen).toEqual([null]);
    expect((await handler(request('/api/optional/x'), context({ id: 'x' }))).status).toBe(404);
    // A bad id is answered without reading the session.
    expect(state.viewerReads).toBe(1);
  });

  it('refuses a mutation from another site with 403, before the viewer is read', async () => {
    const handler = route(
      defineContract({
        method: 'POST',
        path: '/api/change',
        sameOrigin: true,
        auth: 'viewer',
        response: z.object({}),
      }),
      async () => ({}),
    );
    const crossSite = await handler(
      request('/api/change', { method: 'POST', origin: 'https://evil.example' }),
    );
    expect(crossSite.status).toBe(403);
    expect((await crossSite.json()).error.code).toBe('forbidden');
    expect(state.viewerReads).toBe(0);
    const own = await handler(request('/api/change', { method: 'POST', origin: SITE }));
    expect(own.status).toBe(200);
  });
});

describe('route: validation', () => {
  const handler = route(
    defineContract({
      method: 'GET',
      path: '/api/docs/[id]',
      params: z.object({ id: idSegment('document') }),
      query: z.object({
        q: z.string({ error: 'q is required' }).max(3, 'q must be at most 3 characters'),
        n: z.string().regex(/^\d+$/, 'n must be a number').optional(),
      }),
      response: z.object({ id: z.number(), q: z.string() }),
    }),
    async ({ params, query }) => ({ id: params.id, q: query.q }),
  );

  it('hands over the parsed path and query: an id with or without its slug', async () => {
    for (const id of ['12', '12-linear-algebra']) {
      const response = await handler(request('/api/docs/x?q=ab&q=zz'), context({ id }));
      expect(await response.json()).toEqual({ id: 12, q: 'ab' });
    }
  });

  it('answers an id it cannot hold with a 404 naming it', async () => {
    for (const id of ['0', '2147483648', '12_x']) {
      const response = await handler(request('/api/docs/x?q=a'), context({ id }));
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: { code: 'not_found', message: `There is no document "${id}".` },
      });
    }
  });

  it('answers the first bad query parameter with a 400 in its own words, naming it', async () => {
    const missing = await handler(request('/api/docs/1'), context({ id: '1' }));
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      error: { code: 'bad_request', message: 'q is required', parameter: 'q' },
    });
    const both = await handler(request('/api/docs/1?q=long&n=x'), context({ id: '1' }));
    expect(await both.json()).toEqual({
      error: { code: 'bad_request', message: 'q must be at most 3 characters', parameter: 'q' },
    });
  });

  it('reads a JSON body only when the handler asks, within the 64 KB limit', async () => {
    const echo = route(
      defineContract({
        method: 'POST',
        path: '/api/echo',
        body: { json: z.object({}) },
        response: z.object({ got: z.unknown() }),
      }),
      async ({ readJson }) => ({ got: await readJson() }),
    );
    const ok = await echo(request('/api/echo', { method: 'POST', body: '{"a":1}' }));
    expect(await ok.json()).toEqual({ got: { a: 1 } });
    const notJson = await echo(request('/api/echo', { method: 'POST', body: 'a=1' }));
    expect(notJson.status).toBe(400);
    const tooLarge = await echo(
      request('/api/echo', { method: 'POST', body: `"${'x'.repeat(65 * 1024)}"` }),
    );
    expect(tooLarge.status).toBe(413);
  });
});

describe('urlOf (the typed client)', () => {
  it('fills in the path from the contract and appends the query', async () => {
    const { urlOf } = await import('./client');
    const contract = defineContract({
      method: 'GET',
      path: '/api/documents/[id]/pages/[page]/text',
    });
    expect(urlOf(contract, { params: { id: 12, page: '3' } })).toBe(
      '/api/documents/12/pages/3/text',
    );
    expect(urlOf({ method: 'GET', path: '/api/s' }, { query: { q: 'a b', x: undefined } })).toBe(
      '/api/s?q=a+b',
    );
  });
});
