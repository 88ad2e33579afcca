import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { slugify } from '../../apps/web/src/catalog/refs';
import { useRunningProduct } from '../support/use-running-product';
import { describeEmbedsAndSignIn } from './embeds-and-sign-in';
import { describeReader } from './reader';

const SCREENSHOTS = path.resolve(import.meta.dirname, '..', '..', 'test-results', 'smoke');

const running = useRunningProduct(SCREENSHOTS, { expectStoppedMessage: true });

describe('a visitor browsing the product started with npm start', () => {
  it('was started by npm start with every line behind its part, saying how to sign in', () => {
    const output = running.product.output();
    // npm's own header ("> start") aside, every line names the part it comes from: Next's
    // build and route table too, when this start built the web app.
    const unnamed = output
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('> ') && !/^\[[a-z]+\] /.test(line));
    expect(unnamed).toEqual([]);
    expect(output).toContain(`Coursepack is up: ${running.product.baseUrl}`);
    expect(output).toContain(`${running.product.baseUrl}/sign-in with owner@demo.coursepack.dev`);
    expect(output).toContain('"npm run outbox" prints the latest');
  });

  it('walks from the home page to a course and on to one of its documents', async () => {
    const page = await running.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // Events the tracker sends from the web origin to the collector, and how they were answered.
    const tracked: { status: number; body: string }[] = [];
    page.on('response', async (response) => {
      if (new URL(response.url()).port === String(running.product.ports.collector)) {
        tracked.push({ status: response.status(), body: response.request().postData() ?? '' });
      }
    });

    await page.goto(running.product.baseUrl);
    await expect(page.title()).resolves.toContain('Coursepack');
    // The app's own static images go through /_next/image at next.config.ts's widths.
    const logo = page.locator('header a[href="/"] img');
    const srcset = (await logo.getAttribute('srcset')) ?? '';
    expect(srcset).toContain('/_next/image?url=%2Fbrand%2Flogo.png&w=32&q=75 1x');
    expect(srcset).toContain('/_next/image?url=%2Fbrand%2Flogo.png&w=64&q=75 2x');
    await page.waitForFunction(
      () => (document.querySelector<HTMLImageElement>('header a img')?.naturalWidth ?? 0) > 0,
    );
    const ogImage = new URL(
      (await page.locator('meta[property="og:image"]').getAttribute('content')) ?? '',
    );
    expect(`${ogImage.pathname}${ogImage.search}`).toBe(
      '/_next/image?url=%2Fbrand%2Fog.png&w=1200&q=75',
    );
    for (const width of [16, 1200]) {
      // 16 is one of the product's image sizes that Next 16's defaults no longer allow.
      const image = await fetch(
        `${running.product.baseUrl}/_next/image?url=%2Fbrand%2Fog.png&w=${width}&q=75`,
      );
      expect(image.status, `w=${width}`).toBe(200);
      expect(image.headers.get('content-type')).toMatch(/^image\//);
    }
    const featured = page.locator('section[aria-labelledby="featured-heading"] article');
    expect(await featured.count()).toBeGreaterThanOrEqual(6);
    expect(
      await page.locator('section[aria-labelledby="recent-heading"] li').count(),
    ).toBeGreaterThan(0);
    // Covers come from the media service, derived on first request.
    await page.waitForFunction(
      () => {
        const cover = document.querySelector<HTMLImageElement>(
          'section[aria-labelledby="featured-heading"] article img',
        );
        return cover?.complete && cover.naturalWidth > 0;
      },
      undefined,
      { timeout: 60_000 },
    );
    await page.screenshot({ path: path.join(SCREENSHOTS, 'home-desktop.png'), fullPage: true });

    const courseTitle = (await featured.first().locator('h3').innerText()).trim();
    await featured.first().locator('h3 a').click();
    await page.waitForURL(/\/courses\/\d+-[a-z0-9-]+$/);
    await expect(page.locator('h1').innerText()).resolves.toBe(courseTitle);
    const jsonLd = JSON.parse(await page.locator('script[type="application/ld+json"]').innerText());
    expect(jsonLd['@type']).toBe('Course');
    expect(jsonLd.name).toBe(courseTitle);

    const firstDocument = page.locator('main ul li a[href^="/documents/"]').first();
    const documentTitle = (await firstDocument.innerText()).trim();
    await firstDocument.click();
    await page.waitForURL(/\/documents\/\d+-[a-z0-9-]+$/);
    await expect(page.locator('h1').innerText()).resolves.toBe(documentTitle);
    await expect(page.locator('main').innerText()).resolves.toContain(courseTitle);
    const pages = page.locator('[data-testid="document-pages"] section');
    expect(await pages.count()).toBeGreaterThanOrEqual(2);
    await expect(pages.first().innerText()).resolves.toMatch(/Page 1 of \d+/i);
    // Page 1 is the PDF page rendered by the media service (possibly after 423 polling);
    // its extracted text stays in the page as the accessible text layer.
    await page.waitForFunction(
      () => {
        const image = document.querySelector<HTMLImageElement>('#page-1 img');
        return image?.complete && image.naturalWidth >= 500;
      },
      undefined,
      { timeout: 60_000 },
    );
    expect((await page.locator('#page-1 .sr-only').innerText()).length).toBeGreaterThan(100);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'document-desktop.png') });

    // The collector accepted the page views, cross-origin with credentials.
    await expect
      .poll(() => tracked.filter((event) => event.body.includes('"doc_id"')).length, {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    expect(
      tracked.every((event) => event.status === 204),
      JSON.stringify(tracked),
    ).toBe(true);
    expect(tracked.some((event) => /"action":"view"/.test(event.body))).toBe(true);

    // "Download PDF" saves the original under the document's title, from this tab.
    const documentUrl = page.url();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download PDF' }).first().click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${slugify(documentTitle, 100)}.pdf`);
    expect((await readFile(await download.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(page.url()).toBe(documentUrl);
    expect(page.context().pages()).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('redirects a stale slug to the canonical URL and answers 404 for unknown ids', async () => {
    const home = await fetch(running.product.baseUrl);
    const html = await home.text();
    const href = /href="(\/courses\/(\d+)-[a-z0-9-]+)"/.exec(html);
    expect(href).not.toBeNull();
    const [, canonical, id] = href as RegExpExecArray;

    const stale = await fetch(`${running.product.baseUrl}/courses/${id}-old-name`, {
      redirect: 'manual',
    });
    expect(stale.status).toBe(308);
    expect(stale.headers.get('location')).toBe(canonical);

    const missing = await fetch(`${running.product.baseUrl}/courses/999999-nothing`);
    expect(missing.status).toBe(404);
    await expect(missing.text()).resolves.toContain('find that page');
    const garbage = await fetch(`${running.product.baseUrl}/documents/%3Cscript%3E`);
    expect(garbage.status).toBe(404);
  });

  it('refuses a body sent to a page before reading it, and says nosniff on pages and page text', async () => {
    const { baseUrl } = running.product;
    const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    const id = /\/documents\/(\d+)-/.exec(sitemap)?.[1];
    const text = await fetch(`${baseUrl}/api/documents/${id}/pages/1/text`);
    expect(text.status).toBe(200);
    expect(text.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await fetch(baseUrl)).headers.get('x-content-type-options')).toBe('nosniff');

    // Declares 1 GiB and sends none of it: the answer must not wait for the body.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const request = http.request(`${baseUrl}/courses`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'content-length': String(2 ** 30) },
        signal: AbortSignal.timeout(10_000),
      });
      request.on('response', (response) => {
        resolve(response.statusCode);
        request.destroy();
      });
      request.on('error', reject);
      request.flushHeaders();
    });
    expect(status).toBe(413);
  });

  it('lays the catalogue out for a phone without horizontal scrolling', async () => {
    const page = await running.browser.newPage({
      viewport: { width: 390, height: 844 },
      isMobile: true,
    });
    await page.goto(`${running.product.baseUrl}/courses`);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'courses-phone.png'), fullPage: true });
    await page.close();
  });

  it('publishes a sitemap and robots.txt that point at real pages', async () => {
    const sitemap = await (await fetch(`${running.product.baseUrl}/sitemap.xml`)).text();
    expect(sitemap).toContain('<urlset');
    expect((sitemap.match(/\/documents\/\d+-/g) ?? []).length).toBeGreaterThanOrEqual(40);
    const robots = await (await fetch(`${running.product.baseUrl}/robots.txt`)).text();
    expect(robots).toContain('Sitemap: ');
  });
});

describeEmbedsAndSignIn(() => running);
describeReader(() => running);
