import { randomBytes } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../apps/web/src/limits/rate-limits';
import { textPdf } from '../../apps/worker/src/testing/pdf-fixtures';
import { startWebReplica, type WebReplica } from '../support/start-web-replica';
import { useProduct } from '../support/use-running-product';

/**
 * Two web processes of one build, sharing nothing but PostgreSQL (and the media and collector
 * services), answer as one site: whichever of them a load balancer hands a request to, the
 * member, the limits and the catalogue are the same. Process A is the one `npm start` runs,
 * B a replica beside it; every request carries what a browser on the site sends (its `Origin`)
 * and what the load balancer adds (`X-Forwarded-For`, trusted as one hop), so each check speaks
 * for a client address of its own.
 */
// What every replica must share (docs/operations.md, "Scale-out"); the web app runs with
// NODE_ENV=production, which refuses to start without its secrets.
const SHARED_ENV = {
  AUTH_SECRET: randomBytes(32).toString('hex'),
  MEDIA_API_KEY: `key-${randomBytes(8).toString('hex')}`,
  MEDIA_API_SECRET: randomBytes(16).toString('hex'),
  TRUST_PROXY: '1',
};
const PASSWORD = 'a long enough password';
const BUILD_DIR = path.resolve(import.meta.dirname, '..', '..', 'apps', 'web', '.next');

const running = useProduct({ env: SHARED_ENV });
let replica: WebReplica | undefined;
let buildBefore: string[] = [];

/** Every file of the build both processes run from, with its size and modification time. */
async function listBuild(): Promise<string[]> {
  const files: string[] = [];
  for (const name of (await readdir(BUILD_DIR, { recursive: true })).sort()) {
    const info = await stat(path.join(BUILD_DIR, name));
    if (info.isFile()) files.push(`${name} ${info.size} ${info.mtimeMs}`);
  }
  return files;
}

beforeAll(async () => {
  buildBefore = await listBuild();
  replica = await startWebReplica(running.product, SHARED_ENV);
});

afterAll(async () => {
  await replica?.stop();
});

/** Where process A and process B each listen. */
function processes(): [string, string] {
  if (!replica) throw new Error('the replica has not started');
  return [running.product.baseUrl, replica.baseUrl];
}

interface Send {
  /** The client's address, as the load balancer reports it. */
  from: string;
  method?: string;
  cookie?: string;
  json?: unknown;
  form?: FormData;
}

/** One request from a browser on the site, as the load balancer hands it to `server`. */
function send(server: string, route: string, { from, method, cookie, json, form }: Send) {
  const headers = new Headers({ origin: running.product.baseUrl, 'x-forwarded-for': from });
  if (cookie) headers.set('cookie', cookie);
  if (json !== undefined) headers.set('content-type', 'application/json');
  return fetch(`${server}${route}`, {
    method: method ?? (json === undefined && form === undefined ? 'GET' : 'POST'),
    headers,
    body: form ?? (json === undefined ? undefined : JSON.stringify(json)),
    redirect: 'manual',
  });
}

/** The session cookie a sign-up or sign-in answered with. */
function sessionCookie(response: Response): string {
  expect(response.status).toBe(200);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  expect(cookie).toContain('coursepack.session_token=');
  return cookie;
}

async function signUp(server: string, from: string, name: string, email: string) {
  const json = { name, email, password: PASSWORD };
  return sessionCookie(await send(server, '/api/auth/sign-up/email', { from, json }));
}

async function signIn(server: string, from: string, email: string) {
  const json = { email, password: PASSWORD };
  return sessionCookie(await send(server, '/api/auth/sign-in/email', { from, json }));
}

/** Whose session `cookie` is, as better-auth on `server` sees it; null when none. */
async function sessionEmail(server: string, from: string, cookie: string) {
  const response = await send(server, '/api/auth/get-session', { from, cookie });
  const body = (await response.json()) as { user: { email: string } } | null;
  return body?.user.email ?? null;
}

/** The HTML of a page as the member holding `cookie` gets it from `server`. */
async function page(server: string, route: string, from: string, cookie: string) {
  const response = await send(server, route, { from, cookie });
  expect(response.status).toBe(200);
  return response.text();
}

describe('two web processes behind nothing shared but PostgreSQL', () => {
  it('share sessions: signed in on either, signed out or revoked on one, the same on the other', async () => {
    const [a, b] = processes();
    const from = '203.0.113.1';
    const email = 'ada@example.org';

    const signedUpOnB = await signUp(b, from, 'Ada Lovelace', email);
    expect(await sessionEmail(a, from, signedUpOnB)).toBe(email);
    const first = await signIn(a, from, email);
    const second = await signIn(a, from, email);
    expect(await sessionEmail(b, from, first)).toBe(email);
    expect(await page(b, '/account', from, first)).toContain(email);

    const revoked = await send(a, '/api/auth/revoke-other-sessions', {
      from,
      cookie: second,
      json: {},
    });
    expect(revoked.status).toBe(200);
    expect(await sessionEmail(b, from, first)).toBeNull();
    expect(await sessionEmail(b, from, signedUpOnB)).toBeNull();
    expect(await sessionEmail(b, from, second)).toBe(email);

    const signedOut = await send(a, '/api/auth/sign-out', { from, cookie: second, json: {} });
    expect(signedOut.status).toBe(200);
    expect(await sessionEmail(b, from, second)).toBeNull();
    expect(await page(b, '/account', from, second)).not.toContain(email);
  });

  it('count limits once for both: a limit trips at the same total as on one process', async () => {
    const [a, b] = processes();
    const from = '203.0.113.2';
    const guess = { email: 'nobody@example.org', password: 'not the password' };
    const signInFrom = (server: string, address: string) =>
      send(server, '/api/auth/sign-in/email', { from: address, json: guess });

    const allowed = RATE_LIMITS.signInPerAddress.max;
    for (let attempt = 0; attempt < allowed; attempt += 1) {
      expect((await signInFrom(attempt % 2 === 0 ? a : b, from)).status).toBe(401);
    }
    for (const server of [a, b]) {
      const refused = await signInFrom(server, from);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // The count is per address: another client is not refused.
    expect((await signInFrom(b, '203.0.113.3')).status).toBe(401);

    const member = await signUp(a, '203.0.113.4', 'Grace Hopper', 'grace@example.org');
    const createCourse = (server: string, title: string) =>
      send(server, '/api/courses', {
        from: '203.0.113.4',
        cookie: member,
        json: { title, subject: 'mathematics', institution: 'northbridge-university' },
      });
    for (let made = 0; made < RATE_LIMITS.coursesPerMember.max; made += 1) {
      expect((await createCourse(made % 2 === 0 ? a : b, `Course ${made}`)).status).toBe(201);
    }
    expect((await createCourse(a, 'One too many')).status).toBe(429);
    expect((await createCourse(b, 'One too many')).status).toBe(429);
  });

  it('share the catalogue: an upload on one is processed and shown by the other, and so are follows and bookmarks', async () => {
    const [a, b] = processes();
    const from = '203.0.113.5';
    const member = await signUp(a, from, 'Katherine Johnson', 'katherine@example.org');
    const courseTitle = 'Orbital Mechanics';
    const documentTitle = 'Re-entry Tables';

    const created = await send(b, '/api/courses', {
      from,
      cookie: member,
      json: { title: courseTitle, subject: 'mathematics', institution: 'northbridge-university' },
    });
    expect(created.status).toBe(201);
    const course = ((await created.json()) as { course: { id: number } }).course;

    const form = new FormData();
    form.set('courseId', String(course.id));
    form.set('title', documentTitle);
    form.set('kind', 'notes');
    const pdf = await textPdf(['Heat shield angles for every orbit, one table a page.']);
    form.set('file', new Blob([pdf], { type: 'application/pdf' }), 're-entry.pdf');
    const uploaded = await send(a, '/api/documents', { from, cookie: member, form });
    expect(uploaded.status).toBe(201);
    const document = ((await uploaded.json()) as { document: { id: number; href: string } })
      .document;

    // The job A enqueued is taken by the worker; B reports where it stands.
    let status = 'processing';
    const deadline = Date.now() + 90_000;
    while (status === 'processing' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const response = await send(b, `/api/documents/${document.id}/status`, {
        from,
        cookie: member,
      });
      status = ((await response.json()) as { status: string }).status;
    }
    expect(status).toBe('ready');
    expect(await page(b, document.href, from, member)).toContain(documentTitle);

    const library = () => page(b, '/library', from, member);
    expect(await library()).not.toContain(courseTitle);
    const followed = await send(a, `/api/courses/${course.id}/follow`, {
      from,
      cookie: member,
      method: 'PUT',
    });
    expect(await followed.json()).toEqual({ following: true, followers: 1 });
    expect(await library()).toContain(courseTitle);

    expect(await library()).not.toContain(documentTitle);
    const bookmarked = await send(a, `/api/documents/${document.id}/bookmark`, {
      from,
      cookie: member,
      method: 'PUT',
    });
    expect(bookmarked.status).toBe(200);
    expect(await library()).toContain(documentTitle);
  });

  // Replicas on separate machines each have their own copy of the build: sharing one here
  // proves nothing unless neither process keeps anything in it (no ISR, no image cache).
  it('write nothing to the build they both run from', async () => {
    expect(await listBuild()).toEqual(buildBefore);
  });
});
