import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { callRoute, UNREADABLE_ANSWER } from './client';
import { defineContract } from './contract';

/**
 * callRoute against a real HTTP server, whose answers are cut, empty or not JSON as a dropped
 * connection, a proxy or a cancelled call leaves them. The browser resolves the app's relative
 * paths against its origin; here fetch does it against the server's.
 */

const contract = (path: string) =>
  defineContract({ method: 'GET', path, response: z.object({ suggestions: z.array(z.string()) }) });

/** What each path answers. */
const answers: Record<string, (response: ServerResponse) => void> = {
  '/api/whole': (response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"suggestions":["Linear Algebra"]}');
  },
  '/api/empty': (response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': '0' });
    response.end();
  },
  '/api/page': (response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<!doctype html><p>Sign in to continue</p>');
  },
  '/api/cut': (response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
    response.write('{"suggestions":["Line');
    setTimeout(() => response.socket?.destroy(), 20);
  },
  // Headers at once, then the body never ends: the call is cancelled while reading it.
  '/api/slow': (response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write('{"suggestions":[');
  },
  '/api/refused': (response) => {
    response.writeHead(400, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({ error: { code: 'bad_request', message: 'q is too long', fields: {} } }),
    );
  },
  '/api/broken': (response) => {
    response.writeHead(502, { 'content-type': 'text/html' });
    response.end('<h1>Bad gateway</h1>');
  },
};

let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const answer = answers[new URL(request.url ?? '/', 'http://x').pathname];
    if (answer) answer(response);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
    realFetch(new URL(input, origin), {
      ...init,
      keepalive: false,
      headers: { connection: 'close' },
    }),
  );
});

afterAll(async () => {
  vi.unstubAllGlobals();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('callRoute', () => {
  it('gives the answer of a success', async () => {
    expect(await callRoute(contract('/api/whole'), {})).toEqual({
      ok: true,
      data: { suggestions: ['Linear Algebra'] },
    });
  });

  it('never reports success without data: an empty, cut or non-JSON answer is an error in words', async () => {
    for (const path of ['/api/empty', '/api/cut', '/api/page']) {
      const result = await callRoute(contract(path), {});
      expect(result, path).toEqual({
        ok: false,
        status: 200,
        message: UNREADABLE_ANSWER,
        fields: {},
      });
    }
  });

  it('turns a call cancelled while its answer is read into an error, not a success or a throw', async () => {
    const controller = new AbortController();
    const call = callRoute(contract('/api/slow'), { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const result = await call;
    expect(result.ok).toBe(false);
    expect(result).toMatchObject({ message: UNREADABLE_ANSWER });
  });

  it('passes on the message of a refusal, and words of its own for an unreadable one', async () => {
    expect(await callRoute(contract('/api/refused'), {})).toEqual({
      ok: false,
      status: 400,
      message: 'q is too long',
      fields: {},
    });
    expect(await callRoute(contract('/api/broken'), {})).toMatchObject({
      ok: false,
      status: 502,
      message: 'The server answered 502. Try again.',
    });
  });

  it('says the connection failed when nothing answers', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await callRoute(contract(`http://127.0.0.1:${port}/api/whole`), {})).toMatchObject({
      ok: false,
      status: 0,
      message: 'Could not reach Coursepack. Check your connection and try again.',
    });
  });
});
