import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));

/**
 * Which host names send a page on to SITE_URL: the loopback twin of the default
 * http://localhost:3000 and what SITE_ALIASES lists, path and query kept; the site's own name,
 * another port of it (a replica reached directly) and names nobody listed are served as they are.
 */
let dataDir = '';
beforeAll(async () => {
  // Where the generated secrets go; no page reaches the database while it is up.
  dataDir = await mkdtemp(path.join(tmpdir(), 'coursepack-proxy-'));
  process.env.DATA_DIR = dataDir;
  process.env.DATABASE_URL = 'postgres://nobody@127.0.0.1:9/unused';
  process.env.SITE_URL = '';
  process.env.WEB_PORT = '3000';
  process.env.SITE_ALIASES = 'http://192.168.1.20:3000,https://www.coursepack.example';
});

afterAll(() => rm(dataDir, { recursive: true, force: true }));

async function pageOn(host: string, path: string, forwardedHost?: string) {
  const { proxy } = await import('./proxy');
  const headers: Record<string, string> = { host };
  if (forwardedHost) headers['x-forwarded-host'] = forwardedHost;
  return proxy(new NextRequest(`http://${host}${path}`, { headers }));
}

describe('pages on another of the site’s origins', () => {
  it('redirect from 127.0.0.1 to localhost, keeping the path and query', async () => {
    const response = await pageOn('127.0.0.1:3000', '/sign-in?next=%2Flibrary&x=1');
    expect(response.status).toBe(308);
    expect(response.headers.get('location')).toBe(
      'http://localhost:3000/sign-in?next=%2Flibrary&x=1',
    );
  });

  it('redirect from every origin SITE_ALIASES lists, as a trusted proxy names the host too', async () => {
    const lan = await pageOn('192.168.1.20:3000', '/sign-up');
    expect(lan.status).toBe(308);
    expect(lan.headers.get('location')).toBe('http://localhost:3000/sign-up');
    const www = await pageOn('10.0.0.5:3000', '/courses', 'www.coursepack.example');
    expect(www.headers.get('location')).toBe('http://localhost:3000/courses');
  });

  it('are served on the site’s own host, another port of it, and hosts nobody listed', async () => {
    for (const host of ['localhost:3000', 'localhost:4123', '10.0.0.5:3000']) {
      const response = await pageOn(host, '/sign-in');
      expect(response.headers.get('x-middleware-next'), host).toBe('1');
    }
  });
});
