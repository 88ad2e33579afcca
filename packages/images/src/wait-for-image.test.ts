import { describe, expect, it, vi } from 'vitest';
import { appendTimestamp, waitForImage } from './wait-for-image';

function respond(status: number, cldError?: string): Response {
  return new Response(status === 304 ? null : 'x', {
    status,
    headers: cldError ? { 'x-cld-error': cldError } : {},
  });
}

/** A fake clock advanced by the fake sleep, so polling is tested without waiting. */
function harness(statuses: (number | Error)[]) {
  let clock = 0;
  const sleeps: number[] = [];
  const fetch = vi.fn(async () => {
    const next = statuses.shift();
    if (next === undefined) throw new Error('unexpected extra request');
    if (next instanceof Error) throw next;
    return respond(next, next === 200 ? undefined : `reason ${next}`);
  });
  return {
    fetch,
    sleeps,
    options: {
      fetch: fetch as unknown as typeof globalThis.fetch,
      now: () => clock,
      sleep: async (ms: number) => {
        sleeps.push(ms);
        clock += ms;
      },
    },
  };
}

describe('waitForImage', () => {
  it('polls every 500 ms while the service answers 423, then succeeds', async () => {
    const h = harness([423, 423, 423, 200]);
    await expect(waitForImage('http://m/x', h.options)).resolves.toEqual({ ok: true });
    expect(h.fetch).toHaveBeenCalledTimes(4);
    expect(h.sleeps).toEqual([500, 500, 500]);
  });

  it('gives up with 423 and the reason once the maximum wait is spent', async () => {
    const h = harness(Array(10).fill(423));
    const result = await waitForImage('http://m/x', { ...h.options, maxWaitMs: 1_600 });
    expect(result).toEqual({ ok: false, status: 423, message: 'reason 423' });
    expect(h.sleeps).toEqual([500, 500, 500]);
  });

  it('reports any other non-success with its status and x-cld-error', async () => {
    const h = harness([404]);
    await expect(waitForImage('http://m/x', h.options)).resolves.toEqual({
      ok: false,
      status: 404,
      message: 'reason 404',
    });
    const h2 = harness([423, 400]);
    await expect(waitForImage('http://m/x', h2.options)).resolves.toMatchObject({ status: 400 });
  });

  it('treats a network failure as status 500 "Network error"', async () => {
    const h = harness([new TypeError('fetch failed')]);
    await expect(waitForImage('http://m/x', h.options)).resolves.toEqual({
      ok: false,
      status: 500,
      message: 'Network error',
    });
  });

  it('falls back to the status text when there is no x-cld-error', async () => {
    const fetch = async () =>
      new Response(null, { status: 503, statusText: 'Service Unavailable' });
    await expect(waitForImage('http://m/x', { fetch })).resolves.toEqual({
      ok: false,
      status: 503,
      message: 'Service Unavailable',
    });
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const fetch = async () => respond(423);
    const pending = waitForImage('http://m/x', { fetch, signal: controller.signal });
    controller.abort(new Error('unmounted'));
    await expect(pending).rejects.toThrow('unmounted');
  });
});

describe('appendTimestamp', () => {
  it('adds a query parameter, keeping existing ones and the fragment', () => {
    expect(appendTimestamp('http://m/a.jpg', 5)).toBe('http://m/a.jpg?_t=5');
    expect(appendTimestamp('http://m/a.jpg?_a=B', 5)).toBe('http://m/a.jpg?_a=B&_t=5');
    expect(appendTimestamp('http://m/a.jpg#top', 5)).toBe('http://m/a.jpg?_t=5#top');
  });
});
