import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TrackerPayload } from '@coursepack/tracker/event';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildStandalone, STANDALONE_PATH } from '../../packages/tracker/scripts/build-standalone';
import { launchChromium } from '../support/chromium';

/**
 * The script-tag build (dist/tracker.js, built here first) in real Chromium: a tiny page server
 * and a recording endpoint stand in for the web app and the collector. Multi-label hosts
 * (`app.coursepack.test`, `example.co.uk`) resolve to 127.0.0.1 through Chromium's host resolver
 * rules, and are treated as secure origins as they would be over https in production, so the
 * cookies' Domain, SameSite and Secure attributes are the browser's real decisions.
 */

interface Recorded {
  path: string;
  contentType: string | undefined;
  /** `cors` for the tracker's fetches, `no-cors` for beacons. */
  fetchMode: string | undefined;
  cookie: string | undefined;
  body: TrackerPayload;
}

const DAY_S = 24 * 60 * 60;
let server: Server;
let port: number;
let recorded: Recorded[] = [];
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];
let consoleMessages: string[];

const origin = (host: string) => `http://${host}:${port}`;
const APP = 'app.coursepack.test';
const COLLECTOR = 'collect.coursepack.test';
const DOCS = 'docs.coursepack.test';

function pageHtml(layout: string | null): string {
  const content =
    layout === 'element'
      ? '<div id="viewer" style="height:400px;overflow:auto"><div style="height:4000px"></div></div>'
      : '<div style="height:5000px"></div>';
  return `<!doctype html><html><head><title>Week 3: eigenvalues</title>
<style>body{margin:0}</style><script src="/tracker.js"></script></head><body>
<button id="button" style="position:fixed;top:0;right:0">Check</button><output id="output"></output>
${content}
<script>
window.errors = [];
addEventListener('error', (event) => errors.push(String(event.message)));
addEventListener('unhandledrejection', (event) => errors.push('unhandled rejection: ' + event.reason));
document.getElementById('button').onclick = () => { document.getElementById('output').textContent = 'still working'; };
</script></body></html>`;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

/**
 * `/events` records and answers 204 (with credentialed CORS for the collector host);
 * `/events/503` always answers 503; `/events/flaky` answers 503 once per event, then 204;
 * `/events/drop` drops the connection (a network error).
 */
async function handle(request: IncomingMessage, response: ServerResponse, script: string) {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const cors = {
    'access-control-allow-origin': request.headers.origin ?? '*',
    'access-control-allow-credentials': 'true',
    vary: 'Origin',
  };
  if (url.pathname === '/tracker.js') {
    response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
  } else if (url.pathname.startsWith('/events')) {
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { ...cors, 'access-control-allow-methods': 'POST' }).end();
      return;
    }
    if (url.pathname === '/events/drop') {
      request.socket.destroy();
      return;
    }
    const body = JSON.parse(await readBody(request)) as TrackerPayload;
    recorded.push({
      path: url.pathname,
      contentType: request.headers['content-type'],
      fetchMode: request.headers['sec-fetch-mode'] as string | undefined,
      cookie: request.headers.cookie,
      body,
    });
    const seen = recorded.filter((entry) => entry.body.event_id === body.event_id).length;
    const status =
      url.pathname === '/events/503' || (url.pathname === '/events/flaky' && seen === 1)
        ? 503
        : 204;
    response.writeHead(status, cors).end();
  } else {
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end(pageHtml(url.searchParams.get('layout')));
  }
}

beforeAll(async () => {
  // A fresh clone has no dist/: build it as `npm run build` would.
  await buildStandalone();
  const script = await readFile(STANDALONE_PATH, 'utf8');
  server = createServer((request, response) => {
    handle(request, response, script).catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  browser = await launchChromium([
    '--host-resolver-rules=MAP *.coursepack.test 127.0.0.1, MAP example.co.uk 127.0.0.1',
    `--unsafely-treat-insecure-origin-as-secure=${[APP, COLLECTOR, DOCS, 'example.co.uk'].map(origin).join(',')}`,
  ]);
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

async function open(url: string): Promise<void> {
  recorded = [];
  pageErrors = [];
  consoleMessages = [];
  context = await browser.newContext({ viewport: { width: 1000, height: 720 } });
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => consoleMessages.push(message.text()));
  await page.goto(url);
}

afterEach(async () => {
  await context?.close();
});

/** Creates `window.tracker` on the page from a JSON-able configuration. */
async function createTracker(config: Record<string, unknown>): Promise<string> {
  return page.evaluate((pageConfig) => {
    const global = window as unknown as {
      tracker: { sessionId: string };
      CoursepackTracker: { createTracker(config: unknown): { sessionId: string } };
    };
    global.tracker = global.CoursepackTracker.createTracker(pageConfig);
    return global.tracker.sessionId;
  }, config);
}

async function trackAction(event: Record<string, unknown>, options?: object): Promise<boolean> {
  return page.evaluate(
    ([pageEvent, pageOptions]) =>
      (
        window as unknown as {
          tracker: { trackAction(event: unknown, options: unknown): Promise<boolean> };
        }
      ).tracker.trackAction(pageEvent, pageOptions),
    [event, options] as const,
  );
}

const actions = (type: string) =>
  recorded.filter((entry) => entry.body.type === type).map((entry) => entry.body.action);

async function cookiesByName() {
  return Object.fromEntries((await context.cookies()).map((cookie) => [cookie.name, cookie]));
}

describe('cookies', () => {
  it('sets dpevent for 399 days on the parent domain, Lax and Secure, and the other cookies', async () => {
    await open(`${origin(APP)}/courses/7?utm_source=newsletter&utm_campaign=spring`);
    const sessionId = await createTracker({ endpoint: `${origin(COLLECTOR)}/events` });
    await expect(trackAction({ type: 'course', name: 'page', action: 'view' })).resolves.toBe(true);
    const now = Date.now() / 1000;
    const cookies = await cookiesByName();

    expect(cookies.dpevent).toMatchObject({
      value: sessionId,
      domain: '.coursepack.test',
      path: '/',
      sameSite: 'Lax',
      secure: true,
      httpOnly: false,
    });
    expect(cookies.dpevent?.expires).toBeGreaterThan(now + 399 * DAY_S - 120);
    expect(cookies.dpevent?.expires).toBeLessThan(now + 399 * DAY_S + 120);

    expect(cookies['dpevent-utm']).toMatchObject({
      domain: '.coursepack.test',
      sameSite: 'Lax',
      secure: true,
    });
    expect(JSON.parse(decodeURIComponent(cookies['dpevent-utm']?.value ?? ''))).toEqual({
      utm_source: 'newsletter',
      utm_campaign: 'spring',
      utm: true,
    });
    expect(cookies['dpevent-utm']?.expires).toBeGreaterThan(now + 399 * DAY_S - 120);

    // A browser-session cookie.
    expect(cookies['dpevent-page']).toMatchObject({ domain: '.coursepack.test', expires: -1 });
    expect(JSON.parse(decodeURIComponent(cookies['dpevent-page']?.value ?? ''))).toEqual({
      path: '/courses/7',
      title: 'Week 3: eigenvalues',
      path_with_params: '/courses/7?utm_source=newsletter&utm_campaign=spring',
      user_agent: await page.evaluate(() => navigator.userAgent),
    });

    expect(cookies.dphst).toMatchObject({
      domain: '.coursepack.test',
      sameSite: 'Lax',
      secure: true,
    });
    expect(cookies.dphst?.expires).toBeGreaterThan(now + 900 - 60);
    expect(cookies.dphst?.expires).toBeLessThan(now + 900 + 60);

    // The collector, another origin of the site, got the cookies (credentials: 'include') and
    // a text/plain body that needed no preflight.
    expect(recorded).toHaveLength(1);
    expect(recorded[0]?.cookie).toContain(`dpevent=${sessionId}`);
    expect(recorded[0]?.contentType).toBe('text/plain;charset=UTF-8');
    expect(recorded[0]?.body).toMatchObject({
      type: 'course',
      cookie: { session_id: sessionId, path: '/courses/7', utm: true, utm_source: 'newsletter' },
      location: `${origin(APP)}/courses/7?utm_source=newsletter&utm_campaign=spring`,
    });
  });

  it('keeps the session across pages and subdomains', async () => {
    await open(`${origin(APP)}/`);
    const first = await createTracker({ endpoint: '/events' });
    await page.goto(`${origin(DOCS)}/documents/3`);
    expect(await createTracker({ endpoint: '/events' })).toBe(first);
  });

  it('writes the video variant SameSite=None; Secure with the same id', async () => {
    await open(`${origin(APP)}/`);
    const sessionId = await createTracker({ endpoint: '/events' });
    await page.evaluate(() => {
      const global = window as unknown as {
        CoursepackTracker: {
          createTracker(config: unknown): { trackAction(event: unknown): Promise<boolean> };
        };
      };
      return global.CoursepackTracker.createTracker({
        endpoint: '/events',
        video: true,
      }).trackAction({
        type: 'video',
        name: 'player',
        action: 'play',
      });
    });
    const cookies = await cookiesByName();
    expect(cookies['dpevent-video']).toMatchObject({
      value: sessionId,
      domain: '.coursepack.test',
      sameSite: 'None',
      secure: true,
    });
    expect(cookies['dphst-video']).toMatchObject({ sameSite: 'None', secure: true });
  });

  it('falls back to host-only cookies when Chromium refuses the derived domain', async () => {
    // example.co.uk would share cookies on co.uk, a public suffix.
    await open(`${origin('example.co.uk')}/`);
    const sessionId = await createTracker({ endpoint: '/events' });
    const cookies = await cookiesByName();
    expect(cookies.dpevent).toMatchObject({
      value: sessionId,
      domain: 'example.co.uk',
      secure: true,
    });
    expect(Object.values(cookies).every((cookie) => cookie.domain === 'example.co.uk')).toBe(true);
  });

  it('writes host-only cookies without Secure on an IP host', async () => {
    await open(`${origin('127.0.0.1')}/`);
    await createTracker({ endpoint: '/events' });
    const cookies = await cookiesByName();
    expect(cookies.dpevent).toMatchObject({ domain: '127.0.0.1', secure: false, sameSite: 'Lax' });
  });
});

describe('scrolling', () => {
  /** Wheels the page (or the element under the mouse) until `box` shows `depth` % of its content. */
  async function scrollTo(depth: number, selector?: string): Promise<void> {
    const target = await page.evaluate(
      ([percent, css]) => {
        const box = css ? (document.querySelector(css) as Element) : document.documentElement;
        return (percent / 100) * box.scrollHeight - box.clientHeight - box.scrollTop;
      },
      [depth, selector] as const,
    );
    await page.mouse.wheel(0, target);
    await page.waitForFunction(
      ([percent, css]) => {
        const box = css ? (document.querySelector(css) as Element) : document.documentElement;
        const seen = ((box.scrollTop + box.clientHeight) / box.scrollHeight) * 100;
        return Math.abs(seen - percent) < 2;
      },
      [depth, selector] as const,
    );
  }

  async function scrollThrough(selector?: string): Promise<void> {
    const expected: string[] = [];
    // Each step crosses one threshold (or none), and its event arrives before the next step,
    // so the recorded order is the order the tracker fired them in.
    for (const [depth, action] of [
      [30, 'scroll_25'],
      [55, 'scroll_50'],
      [80, 'scroll_75'],
      [97, 'scroll_100'],
      [85, null],
      [70, 'scroll_up_75'],
      [45, 'scroll_up_50'],
      [20, 'scroll_up_25'],
    ] as const) {
      await scrollTo(depth, selector);
      if (action) {
        expected.push(action);
        await expect.poll(() => actions('scroll')).toEqual(expected);
      }
    }
    await page.waitForTimeout(200);
    expect(actions('scroll')).toEqual(expected);
  }

  it('fires scroll_25…scroll_100 then scroll_up_75…scroll_up_25 for the window', async () => {
    await open(`${origin(APP)}/courses/7`);
    await createTracker({ endpoint: '/events', course_id: '7' });
    await page.evaluate(() =>
      (
        window as unknown as { tracker: { startScrollTracking(): void } }
      ).tracker.startScrollTracking(),
    );
    await page.mouse.move(500, 400);
    await scrollThrough();
    expect(
      recorded.every((entry) => entry.body.course_id === 7 && entry.body.name === 'scroll'),
    ).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  it('does the same for a scrollable element (the document viewer)', async () => {
    await open(`${origin(APP)}/documents/3?layout=element`);
    await createTracker({ endpoint: '/events', doc_id: 3 });
    await page.evaluate(() =>
      (
        window as unknown as { tracker: { startScrollTracking(target: Element): void } }
      ).tracker.startScrollTracking(document.getElementById('viewer') as Element),
    );
    await page.mouse.move(200, 200);
    await scrollThrough('#viewer');
    expect(recorded.every((entry) => entry.body.doc_id === 3)).toBe(true);
  });
});

describe('presence', () => {
  /** Hides or shows the page and fires visibilitychange (headless Chromium keeps tabs visible). */
  const setVisibility = (state: 'hidden' | 'visible') =>
    page.evaluate((visibility) => {
      Object.defineProperty(document, 'visibilityState', {
        configurable: true,
        get: () => visibility,
      });
      document.dispatchEvent(new Event('visibilitychange'));
    }, state);

  it('pings active, then inactive with back-off to the cap while hidden, then active again', async () => {
    await open(`${origin(APP)}/documents/3`);
    await page.evaluate(() => {
      let pageInView = 1;
      const global = window as unknown as {
        CoursepackTracker: { createTracker(config: unknown): { startPresence(): void } };
      };
      // The viewer reports the page in view with each ping.
      global.CoursepackTracker.createTracker({
        endpoint: '/events',
        presence: { interval: 300, debounce: 100, cap: 1200, meta: () => ({ page: pageInView++ }) },
      }).startPresence();
    });
    await expect.poll(() => actions('status').length).toBeGreaterThanOrEqual(3);
    await setVisibility('hidden');
    await expect
      .poll(() => actions('status').filter((a) => a === 'inactive').length, { timeout: 10_000 })
      .toBe(4);
    await setVisibility('visible');
    await expect.poll(() => actions('status').at(-1)).toBe('active');
    await expect.poll(() => actions('status').slice(-3)).toEqual(['active', 'active', 'active']);

    const pings = recorded
      .filter((entry) => entry.body.type === 'status')
      .map((entry) => entry.body);
    const sequence = pings.map((ping) => ping.action).join(' ');
    expect(sequence).toMatch(/^(active ){3,}(inactive ){4}(active ?){3,}$/);
    expect(pings.map((ping) => ping.action_meta?.page)).toEqual(pings.map((_, index) => index + 1));
    // Timers never fire early, and back-off doubles 600 → 1200 then stays at the cap.
    const inactive = pings
      .filter((ping) => ping.action === 'inactive')
      .map((ping) => Date.parse(ping.date));
    const gaps = inactive.slice(1).map((time, index) => time - (inactive[index] as number));
    expect(gaps[0]).toBeGreaterThanOrEqual(590);
    expect(gaps[1]).toBeGreaterThanOrEqual(1190);
    expect(gaps[2]).toBeGreaterThanOrEqual(1190);
    expect(gaps[2]).toBeLessThan(2000);
    expect(pageErrors).toEqual([]);
  });
});

describe('delivery', () => {
  it("retries a 503 exactly 3 times, then logs 'Too many retries, aborting'", async () => {
    await open(`${origin(APP)}/`);
    await createTracker({ endpoint: '/events/503' });
    const sent = await trackAction({ type: 'course', name: 'page', action: 'view' });
    expect(sent).toBe(false);
    expect(recorded.map((entry) => entry.path)).toEqual(Array(4).fill('/events/503'));
    expect(new Set(recorded.map((entry) => entry.body.event_id)).size).toBe(1);
    expect(consoleMessages).toContain('Too many retries, aborting');
    expect(pageErrors).toEqual([]);
  });

  it('sends an event waiting for its retry through sendBeacon when the page is left', async () => {
    await open(`${origin(APP)}/`);
    await createTracker({ endpoint: '/events/flaky' });
    // Leave only once the page has its 503 and waits out the back-off: a request still in
    // flight when the page goes cannot be retried by it.
    const answered = page.waitForResponse((response) => response.url().endsWith('/events/flaky'));
    await page.evaluate(() => {
      void (
        window as unknown as { tracker: { trackAction(event: unknown): Promise<boolean> } }
      ).tracker.trackAction({ type: 'course', name: 'page', action: 'leave' });
    });
    expect((await answered).status()).toBe(503);
    await page.goto(`${origin(APP)}/next`);
    await expect.poll(() => recorded.length).toBe(2);
    expect(recorded[1]?.body.event_id).toBe(recorded[0]?.body.event_id);
    expect(recorded[1]?.contentType).toBe('text/plain;charset=UTF-8');
    expect(recorded.map((entry) => entry.fetchMode)).toEqual(['cors', 'no-cors']);
    // The cancelled back-off never sends a third copy.
    await page.waitForTimeout(1500);
    expect(recorded).toHaveLength(2);
  });

  it('never breaks the page when the endpoint fails', async () => {
    await open(`${origin(APP)}/documents/3`);
    await createTracker({ endpoint: '/events/drop', type: 'document', name: 'viewer' });
    const results = await page.evaluate(async () => {
      const global = window as unknown as {
        tracker: {
          trackAction(event: unknown, options?: unknown): Promise<boolean>;
          startScrollTracking(): void;
          startPresence(): void;
        };
        CoursepackTracker: {
          createTracker(config: unknown): { trackAction(event: unknown): Promise<boolean> };
        };
      };
      global.tracker.startScrollTracking();
      global.tracker.startPresence();
      window.scrollTo(0, 3000);
      const closedPort = global.CoursepackTracker.createTracker({
        endpoint: 'http://127.0.0.1:1/events',
        type: 'document',
        name: 'viewer',
      });
      return Promise.all([
        global.tracker.trackAction({ action: 'open' }),
        global.tracker.trackAction({ action: 'download' }, { once: true }),
        closedPort.trackAction({ action: 'open' }),
      ]);
    });
    expect(results).toEqual([false, false, false]);
    await page.click('#button');
    await expect(page.textContent('#output')).resolves.toBe('still working');
    expect(await page.evaluate(() => (window as unknown as { errors: string[] }).errors)).toEqual(
      [],
    );
    // Leaving flushes whatever still waits for a retry into the failing endpoint.
    await page.goto(`${origin(APP)}/next`);
    expect(pageErrors).toEqual([]);
  });
});
