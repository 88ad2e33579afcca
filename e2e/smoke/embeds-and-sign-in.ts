import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { launchChromiumAllowingThirdPartyCookies } from '../support/chromium';
import { connectToProductDatabase } from '../support/product-database';
import type { RunningProduct } from '../support/start-product';

const SCREENSHOTS = path.resolve(import.meta.dirname, '..', '..', 'test-results', 'smoke');

type ProductDb = Awaited<ReturnType<typeof connectToProductDatabase>>;

/**
 * Embedded documents in another site's iframe, and events linked to a member who signs in.
 * Registered by browse.e2e.ts, so they share its product (starting one costs half a minute).
 */
export function describeEmbedsAndSignIn(
  running: () => { product: RunningProduct; browser: Browser },
) {
  describe('a document embedded in another site', () => {
    it('renders in the iframe and its reading is stored as client embed, referred by the embedding page', async () => {
      const { product } = running();
      const db = await connectToProductDatabase(product);
      const embedder = await serveEmbeddingPage(product.baseUrl, await firstDocumentId(product));
      // Chromium blocks third-party cookies by default here; Chrome's default profile accepts them.
      const context = await launchChromiumAllowingThirdPartyCookies();
      try {
        const { frame, documentId } = await openEmbed(context, embedder);
        const title = (await frame.locator('h1').innerText()).trim();
        const expected = await db
          .selectFrom('documents')
          .select('title')
          .where('id', '=', documentId)
          .executeTakeFirstOrThrow();
        expect(title).toBe(expected.title);
        expect(await frame.locator('section[id^="page-"]').count()).toBeGreaterThanOrEqual(2);
        expect(await frame.locator('body > header, a[href="#main"]').count()).toBe(0);
        const readLink = frame.getByRole('link', { name: /Read on Coursepack/ });
        expect(await readLink.getAttribute('target')).toBe('_blank');
        const readUrl = new URL((await readLink.getAttribute('href')) as string);
        expect(readUrl.pathname).toMatch(new RegExp(`^/documents/${documentId}-`));
        expect(Object.fromEntries(readUrl.searchParams)).toEqual({
          utm_source: 'embed',
          utm_medium: 'iframe',
          utm_content: '127.0.0.1',
        });

        // Read to the end of the document inside the frame.
        await scrollToTheEnd(frame);
        await frame.page().screenshot({ path: path.join(SCREENSHOTS, 'embed-desktop.png') });

        // The cross-site cookie variant, kept by the browser in the third-party frame: Secure is
        // accepted on http://localhost, which Chromium treats as a secure context.
        const cookies = await context.cookies(product.baseUrl);
        const video = cookies.find((cookie) => cookie.name === 'dpevent-video');
        expect(video, JSON.stringify(cookies)).toMatchObject({ sameSite: 'None', secure: true });

        const rows = await waitForReadToTheEnd(db, documentId, frame);
        for (const row of rows) {
          expect(row).toMatchObject({
            client: 'embed',
            session_id: video?.value,
            referrer: `${embedder.origin}/`,
            path: `/embed/documents/${documentId}`,
            user_id: null,
          });
        }
        const ping = rows.find((row) => row.action === 'active');
        expect(ping?.action_meta).toMatchObject({ page: expect.any(Number) });
      } finally {
        await context.close();
        await embedder.close();
        await db.destroy();
      }
    });

    it('still counts reading, one session per page, when the browser blocks third-party cookies', async () => {
      const { product, browser } = running();
      const db = await connectToProductDatabase(product);
      const documentId = await firstDocumentId(product, 1);
      const embedder = await serveEmbeddingPage(product.baseUrl, documentId);
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      try {
        const { frame } = await openEmbed(context, embedder);
        await scrollToTheEnd(frame);
        await frame.page().screenshot({ path: path.join(SCREENSHOTS, 'embed-phone.png') });
        expect(await context.cookies(product.baseUrl)).toEqual([]);
        const rows = await waitForReadToTheEnd(db, documentId, frame);
        expect(new Set(rows.map((row) => row.session_id)).size).toBe(1);
        expect(rows.every((row) => row.referrer === `${embedder.origin}/`)).toBe(true);
      } finally {
        await context.close();
        await embedder.close();
        await db.destroy();
      }
    });

    it('lets other sites frame /embed only, and shows a small 404 for a document that is not there', async () => {
      const { product, browser } = running();
      const site = await fetch(`${product.baseUrl}/courses`);
      expect(site.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(site.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
      const missing = await fetch(`${product.baseUrl}/embed/documents/999999`);
      expect(missing.status).toBe(404);
      expect(missing.headers.get('content-security-policy')).toBe('frame-ancestors *');
      expect(missing.headers.get('x-frame-options')).toBeNull();

      const embedder = await serveEmbeddingPage(product.baseUrl, 999_999);
      const page = await browser.newPage();
      try {
        await page.goto(`${embedder.origin}/`);
        const frame = await (await page.waitForSelector('iframe')).contentFrame();
        await frame?.getByText('This document is not available').waitFor();
        // The embed's own page, not the site's (no header, no skip link).
        expect(await frame?.locator('a[href="#main"]').count()).toBe(0);
      } finally {
        await page.close();
        await embedder.close();
      }
    });

    it('offers the link and the iframe snippet on the document page', async () => {
      const { product, browser } = running();
      const documentId = await firstDocumentId(product);
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: product.baseUrl,
      });
      const page = await context.newPage();
      try {
        await page.goto(`${product.baseUrl}/documents/${documentId}`);
        await page.getByText('Share / Embed').click();
        const snippet = await page.getByLabel('Embed on your site').inputValue();
        expect(snippet).toMatch(
          new RegExp(
            `^<iframe src="${product.baseUrl}/embed/documents/${documentId}" width="100%" height="600" style="border:0" title="[^"]+ — Coursepack" loading="lazy" allowfullscreen></iframe>$`,
          ),
        );
        await page.getByRole('button', { name: 'Copy code' }).click();
        await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
        await expect.poll(() => page.getByText('Copied to the clipboard.').count()).toBe(1);
        expect(await page.getByLabel('Link to this document').inputValue()).toBe(page.url());
        await page.screenshot({ path: path.join(SCREENSHOTS, 'share-desktop.png') });
      } finally {
        await context.close();
      }
    });
  });

  describe('the sign-in and sign-up forms', () => {
    it('work without JavaScript, and the password never lands in a URL', async () => {
      const { product, browser } = running();
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      const email = `no-script-${Date.now()}@example.org`;
      const submit = async (path: string, fields: Record<string, string>) => {
        await page.goto(`${product.baseUrl}${path}`);
        const form = page.locator('form:has(#password)');
        expect(await form.getAttribute('method')).toBe('post');
        for (const [id, value] of Object.entries(fields)) await page.fill(`#${id}`, value);
        await Promise.all([
          page.waitForURL((url) => url.pathname !== path || url.search !== ''),
          form.locator('button[type="submit"]').click(),
        ]);
        expect(page.url()).not.toContain('secret');
      };
      try {
        await submit('/sign-up?next=/library', {
          name: 'No Script',
          email,
          password: 'secret-sign-up-password',
        });
        expect(new URL(page.url()).pathname).toBe('/library');
        const names = (await context.cookies(product.baseUrl)).map((cookie) => cookie.name);
        expect(names).toContain('coursepack.session_token');

        await context.clearCookies();
        await submit('/sign-in', { email, password: 'secret-but-wrong' });
        expect(new URL(page.url()).pathname).toBe('/sign-in');
        expect(await page.locator('form [role="alert"]').innerText()).toContain(
          'Wrong email or password.',
        );
      } finally {
        await context.close();
      }
    });
  });

  describe('the site on another of its addresses', () => {
    it('sends a page on 127.0.0.1 to the same page on localhost before a form is shown', async () => {
      const { product } = running();
      const { port } = new URL(product.baseUrl);
      const response = await fetch(`http://127.0.0.1:${port}/sign-up?next=%2Flibrary`, {
        redirect: 'manual',
      });
      expect(response.status).toBe(308);
      expect(response.headers.get('location')).toBe(`${product.baseUrl}/sign-up?next=%2Flibrary`);
      // Health checks and the API answer on any address.
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    });

    it('signs in from 127.0.0.1, which the site trusts, and from no site it does not', async () => {
      const { product } = running();
      const { port } = new URL(product.baseUrl);
      const email = `aliased-${Date.now()}@example.org`;
      const password = 'limestone orbit kettle';
      // A browser sends its cookies (here the tracker's), which is when better-auth checks the
      // origin: the request that met "Invalid origin" before.
      const post = (origin: string, route: string, body: unknown) =>
        fetch(`http://127.0.0.1:${port}/api/auth${route}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin,
            cookie: 'dpevent=0190a1b2-0000-7000-8000-000000000000',
            'x-forwarded-for': '198.51.100.40',
          },
          body: JSON.stringify(body),
        });
      const alias = `http://127.0.0.1:${port}`;
      expect(
        (await post(alias, '/sign-up/email', { name: 'Ali Ased', email, password })).status,
      ).toBe(200);
      expect((await post(alias, '/sign-in/email', { email, password })).status).toBe(200);
      const elsewhere = await post('http://evil.example', '/sign-in/email', { email, password });
      expect(elsewhere.status).toBe(403);
    });
  });

  describe('the sign-up form in a browser', () => {
    it('says what is wrong beside each field, in sentences, refuses "password", and replaces its messages on each attempt', async () => {
      const { product, browser } = running();
      const { port } = new URL(product.baseUrl);
      for (const [width, name] of [
        [1280, 'desktop'],
        [390, 'phone'],
      ] as const) {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        const page = await context.newPage();
        try {
          /** The scripts the page has loaded, each with its size. */
          const scripts = new Map<string, number>();
          page.on('response', async (response) => {
            if (response.request().resourceType() !== 'script') return;
            scripts.set(
              response.url(),
              (await response.body().catch(() => Buffer.alloc(0))).length,
            );
          });
          const scriptBytes = () => [...scripts.values()].reduce((sum, size) => sum + size, 0);
          // Opened on 127.0.0.1: the form is shown on the site's own address, where it works.
          await page.goto(`http://127.0.0.1:${port}/sign-up?next=/library`);
          expect(page.url()).toBe(`${product.baseUrl}/sign-up?next=/library`);
          await page.waitForLoadState('networkidle');
          const firstLoad = scriptBytes();
          const field = (label: string) => page.getByLabel(label, { exact: true });
          /** What a screen reader reads with the field: its hint and its error. */
          const description = (label: string) =>
            field(label).evaluate((input) =>
              (input.getAttribute('aria-describedby') ?? '')
                .split(' ')
                .map((id) => document.getElementById(id)?.textContent ?? '')
                .join(' '),
            );
          const submit = page.getByRole('button', { name: 'Create account' });

          await field('Email').fill('ada@example');
          await submit.click();
          await expect.poll(() => field('Name').getAttribute('aria-invalid')).toBe('true');
          expect(await description('Name')).toContain('Enter your name.');
          expect(await description('Email')).toContain(
            'Enter your whole email address, like name@example.org.',
          );
          expect(await description('Password')).toContain('Enter your password.');

          const email = `meter-${width}-${Date.now()}@example.org`;
          await field('Name').fill('Ada Meter');
          await field('Email').fill(email);
          await field('Password').fill('password');
          // The meter's advice, as the person types, before anything is sent.
          await expect
            .poll(() => description('Password'))
            .toContain('This is a heavily used password.');
          expect(await field('Name').getAttribute('aria-invalid')).toBeNull();
          // The dictionaries came with the first password typed, not with the page.
          expect(scriptBytes() - firstLoad).toBeGreaterThan(1_000_000);
          await submit.click();
          // The server's refusal, beside the field; the earlier messages are gone.
          await expect.poll(() => field('Password').getAttribute('aria-invalid')).toBe('true');
          expect(await page.locator(`#password-error`).innerText()).toBe(
            'Choose a password that is harder to guess. This is a heavily used password. Add more words that are less common.',
          );
          expect(await field('Email').getAttribute('aria-invalid')).toBeNull();
          const text = await page.locator('main').innerText();
          expect(text).not.toMatch(/\[body\.|Too small|expected string|Invalid origin/);
          await page.screenshot({
            path: path.join(SCREENSHOTS, `sign-up-messages-${name}.png`),
            fullPage: true,
          });

          await field('Password').fill('limestone orbit kettle');
          await Promise.all([page.waitForURL(`${product.baseUrl}/library`), submit.click()]);

          // The same rule and the same kind of message for a new password on /account.
          await page.goto(`${product.baseUrl}/account`);
          await field('Current password').fill('limestone orbit kettle');
          await field('New password').fill('iloveyou');
          await field('New password again').fill('iloveyou');
          await page.getByRole('button', { name: 'Change password' }).click();
          await expect.poll(() => field('New password').getAttribute('aria-invalid')).toBe('true');
          expect(await page.locator('#newPassword-error').innerText()).toBe(
            'Choose a password that is harder to guess. This is a frequently used password. Add more words that are less common.',
          );
          await page.locator('#password').scrollIntoViewIfNeeded();
          await page.screenshot({ path: path.join(SCREENSHOTS, `change-password-${name}.png`) });
        } finally {
          await context.close();
        }
      }
    });
  });

  describe('rate limits behind the web server', () => {
    it('give a client that makes up a new X-Forwarded-For each time no new bucket', async () => {
      const { product } = running();
      // Reset requests have a bucket of their own that no other test uses.
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let attempt = 0; attempt <= 3; attempt += 1) {
        const response = await fetch(`${product.baseUrl}/api/auth/request-password-reset`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: product.baseUrl,
            'x-forwarded-for': `203.0.113.${attempt + 1}`,
            'x-real-ip': `198.51.100.${attempt + 1}`,
          },
          body: JSON.stringify({ email: `nobody-${attempt}@example.org`, redirectTo: '/' }),
        });
        statuses.push(response.status);
        retryAfter = response.headers.get('retry-after');
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(Number(retryAfter)).toBeGreaterThan(0);
    });
  });

  describe('a visitor who signs up', () => {
    it('keeps the tracker session id, and the collector links later events to the member', async () => {
      const { product, browser } = running();
      const db = await connectToProductDatabase(product);
      const documentId = await firstDocumentId(product, 2);
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      try {
        await page.goto(`${product.baseUrl}/documents/${documentId}`);
        const before = await sessionCookie(context, product);
        await waitForEvents(db, documentId, ['view'], { sessionId: before });

        const email = `reader-${Date.now()}@example.org`;
        const status = await page.evaluate(
          async (body) => {
            const response = await fetch('/api/auth/sign-up/email', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(body),
            });
            return response.status;
          },
          { name: 'Ada Reader', email, password: 'a-long-enough-password' },
        );
        expect(status).toBe(200);
        const names = (await context.cookies(product.baseUrl)).map((cookie) => cookie.name);
        expect(names).toContain('coursepack.session_token');

        // Page views are sent at most once per second per page (the `dphst` history cookie
        // survives a reload), so a reload within a second of the first view records nothing.
        await page.waitForTimeout(1_100);
        await page.reload();
        expect(await sessionCookie(context, product)).toBe(before);
        const user = await db
          .selectFrom('users')
          .select('id')
          .where('email', '=', email)
          .executeTakeFirstOrThrow();
        await expect
          .poll(
            async () =>
              (
                await db
                  .selectFrom('events')
                  .select('user_id')
                  .where('session_id', '=', before)
                  .where('action', '=', 'view')
                  .execute()
              ).map((row) => row.user_id),
            { timeout: 20_000 },
          )
          .toEqual(expect.arrayContaining([null, user.id]));
      } finally {
        await context.close();
        await db.destroy();
      }
    });
  });
}

/** A document id from the sitemap (the `index`-th document listed). */
async function firstDocumentId(product: RunningProduct, index = 0): Promise<number> {
  const sitemap = await (await fetch(`${product.baseUrl}/sitemap.xml`)).text();
  const ids = [...sitemap.matchAll(/\/documents\/(\d+)-/g)].map((match) => Number(match[1]));
  const id = ids[index];
  if (id === undefined) throw new Error('No document in the sitemap');
  return id;
}

interface EmbeddingPage {
  /** Another site than the product's `localhost`: `http://127.0.0.1:<port>`. */
  origin: string;
  documentId: number;
  close(): Promise<void>;
}

/** A blog page on another site (127.0.0.1, not localhost) that embeds the document. */
async function serveEmbeddingPage(baseUrl: string, documentId: number): Promise<EmbeddingPage> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width">
<title>A teacher's blog</title></head><body style="font-family:sans-serif;margin:16px">
<h1>This week's reading</h1>
<iframe src="${baseUrl}/embed/documents/${documentId}" width="100%" height="600" style="border:0" title="Notes — Coursepack" loading="lazy" allowfullscreen></iframe>
</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    documentId,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function openEmbed(
  context: BrowserContext,
  embedder: EmbeddingPage,
): Promise<{ page: Page; frame: Frame; documentId: number }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${embedder.origin}/`);
  const element = await page.waitForSelector('iframe');
  const frame = await element.contentFrame();
  if (!frame) throw new Error('The iframe has no document');
  await frame.waitForSelector('#page-1');
  expect(errors).toEqual([]);
  return { page, frame, documentId: embedder.documentId };
}

/**
 * The tracker's session cookie, once it has written it: the tracker starts after hydration,
 * which a busy machine may finish after the page's load event.
 */
async function sessionCookie(context: BrowserContext, product: RunningProduct): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const cookies = await context.cookies(product.baseUrl);
    const cookie = cookies.find((item) => item.name === 'dpevent');
    if (cookie) return cookie.value;
    if (Date.now() > deadline) throw new Error('No dpevent cookie');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Scrolls a frame to its end. The page may still be hydrating (its pages placed, its tracker
 * started), so the end moves: waitForEvents does it again until the tracker has seen it.
 */
function scrollToTheEnd(frame: Frame): Promise<void> {
  return frame.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

/** The embed's view, its reading to the end and a presence ping, scrolling it to the end meanwhile. */
function waitForReadToTheEnd(db: ProductDb, documentId: number, frame: Frame) {
  return waitForEvents(db, documentId, ['view', 'scroll_100', 'active'], { client: 'embed' }, () =>
    scrollToTheEnd(frame),
  );
}

/** Polls until the document has events with each action, from this client or session if given. */
async function waitForEvents(
  db: ProductDb,
  documentId: number,
  actions: string[],
  only: { client?: string; sessionId?: string } = {},
  /** Done again before each look, as a reader keeps at the end of a page still loading. */
  meanwhile?: () => Promise<unknown>,
) {
  const query = () => {
    let select = db
      .selectFrom('events')
      .selectAll()
      .where('doc_id', '=', documentId)
      .where('action', 'in', actions);
    if (only.client) select = select.where('client', '=', only.client);
    if (only.sessionId) select = select.where('session_id', '=', only.sessionId);
    return select.execute();
  };
  await expect
    .poll(
      async () => {
        await meanwhile?.();
        return new Set((await query()).map((row) => row.action));
      },
      { timeout: 30_000 },
    )
    .toEqual(new Set(actions));
  return query();
}
