import { createServer, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebRequestListener } from './web-request-listener';

/**
 * Which host names the web server sends on to SITE_URL, on a real socket, with the site set up
 * as by default (SITE_URL http://localhost:{port}, so 127.0.0.1 is its twin) and SITE_ALIASES
 * naming a LAN address and a www. name. Behind it, where Next sits, a handler that says it
 * answered.
 */
let server: Server;
let port = 0;
let siteUrl = '';

beforeAll(async () => {
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  siteUrl = `http://localhost:${port}`;
  const site = {
    siteUrl,
    siteAliases: [
      `http://127.0.0.1:${port}`,
      'http://192.168.1.20:3000',
      'https://www.coursepack.example',
    ],
  };
  const answer = async (_: unknown, response: ServerResponse) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('served here');
  };
  server.on(
    'request',
    // Requests from this machine come through a trusted proxy, which may name the host.
    createWebRequestListener(answer, { trustProxy: ['127.0.0.1'], site }),
  );
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A request to this server on 127.0.0.1, with the given Host (and forwarded host). */
function send(
  path: string,
  {
    host,
    method = 'GET',
    forwardedHost,
  }: { host?: string; method?: string; forwardedHost?: string },
) {
  return new Promise<{ status: number; location?: string; body: string }>((resolve, reject) => {
    const headers: Record<string, string> = { connection: 'close' };
    if (host) headers.host = host;
    if (forwardedHost) headers['x-forwarded-host'] = forwardedHost;
    const outgoing = request({ host: '127.0.0.1', port, path, method, headers }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, location: response.headers.location, body }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('pages asked for on another of the site’s origins', () => {
  it('go to the same path and query on SITE_URL: 127.0.0.1 beside localhost', async () => {
    const answer = await send('/sign-in?next=%2Flibrary&x=1', {});
    expect(answer.status).toBe(308);
    expect(answer.location).toBe(`${siteUrl}/sign-in?next=%2Flibrary&x=1`);
    expect((await send('/_next/static/chunk.js', { method: 'HEAD' })).status).toBe(308);
  });

  it('go there from every origin SITE_ALIASES lists, as the Host or a trusted proxy names it', async () => {
    const lan = await send('/sign-up', { host: '192.168.1.20:3000' });
    expect(lan.location).toBe(`${siteUrl}/sign-up`);
    const www = await send('/courses', {
      host: '10.0.0.5',
      forwardedHost: 'WWW.coursepack.example',
    });
    expect(www.location).toBe(`${siteUrl}/courses`);
  });

  it('are served on the site’s own name, another port of it, and names nobody listed', async () => {
    for (const host of [`localhost:${port}`, 'localhost:4123', '10.0.0.5:3000']) {
      const answer = await send('/sign-in', { host });
      expect(answer.status, host).toBe(200);
      expect(answer.body).toBe('served here');
    }
  });

  it('leave the API (health checks, other services) and writes where they were asked', async () => {
    expect((await send('/api/health', {})).status).toBe(200);
    expect((await send('/api?x=1', {})).status).toBe(200);
    expect((await send('/sign-out', { method: 'DELETE' })).status).toBe(200);
  });
});
