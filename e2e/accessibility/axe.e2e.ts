import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { signInAsDemoOwner } from '../support/sign-in';
import { useRunningProduct } from '../support/use-running-product';

const SCREENSHOTS = path.resolve(import.meta.dirname, '..', '..', 'test-results', 'accessibility');
const running = useRunningProduct(SCREENSHOTS);

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

interface Paths {
  course: string;
  document: string;
  documentId: number;
}

let paths: Paths;

beforeAll(async () => {
  const home = await (await fetch(running.product.baseUrl)).text();
  const course = /href="(\/courses\/\d+-[a-z0-9-]+)"/.exec(home)?.[1];
  if (!course) throw new Error('no course on the home page');
  const coursePage = await (await fetch(`${running.product.baseUrl}${course}`)).text();
  const document = /href="(\/documents\/(\d+)-[a-z0-9-]+)"/.exec(coursePage);
  if (!document?.[1] || !document[2]) throw new Error('no document on the course page');
  paths = { course, document: document[1], documentId: Number(document[2]) };
});

async function expectAccessible(page: Page, url: string, screenshot: string): Promise<void> {
  const response = await page.goto(`${running.product.baseUrl}${url}`);
  expect(response?.status(), url).toBeLessThan(500);
  await page.locator('h1').first().waitFor();
  await page.screenshot({ path: path.join(SCREENSHOTS, `${screenshot}.png`) });
  expect(await seriousViolations(page), url).toEqual([]);
}

describe.each(VIEWPORTS)('axe-core on every main page at $width×$height', (viewport) => {
  const size = { width: viewport.width, height: viewport.height };

  it('finds nothing serious on the pages a visitor sees', async () => {
    const context = await running.browser.newContext({ viewport: size });
    const page = await context.newPage();
    const pages: Record<string, string> = {
      home: '/',
      courses: '/courses',
      course: paths.course,
      document: paths.document,
      search: '/search?q=matrix',
      'sign-in': '/sign-in',
      'sign-up': '/sign-up',
      'not-found': '/no-such-page',
    };
    for (const [name, url] of Object.entries(pages)) {
      await expectAccessible(page, url, `${name}-${viewport.name}`);
    }
    if (viewport.name === 'phone') {
      // On phones the search filters open in a sheet.
      await page.goto(`${running.product.baseUrl}/search?q=matrix`);
      await page.locator('summary', { hasText: 'Filters' }).click();
      await page.getByRole('button', { name: 'Show results' }).waitFor();
      await page.screenshot({ path: path.join(SCREENSHOTS, 'search-filters-phone.png') });
      expect(await seriousViolations(page), 'search, filters open').toEqual([]);
    }
    // The embed is a page of its own, without the site's header.
    await page.goto(`${running.product.baseUrl}/embed/documents/${paths.documentId}`);
    await page.locator('main').waitFor();
    expect(await seriousViolations(page), 'embed').toEqual([]);
    await context.close();
  });

  it('finds nothing serious on the pages a signed-in course owner sees, menu open', async () => {
    const context = await running.browser.newContext({ viewport: size });
    const page = await signInAsDemoOwner(context, running.product.baseUrl);
    const pages: Record<string, string> = {
      upload: '/upload',
      'new-course': '/courses/new',
      library: '/library',
      account: '/account',
      dashboard: '/dashboard',
      'dashboard-range-cut': '/dashboard?days=9999',
      'document-dashboard': `/dashboard/documents/${paths.documentId}`,
    };
    for (const [name, url] of Object.entries(pages)) {
      await expectAccessible(page, url, `${name}-${viewport.name}`);
    }
    await page.goto(running.product.baseUrl);
    await page.locator('summary', { hasText: 'Account menu for' }).click();
    await page.getByRole('link', { name: 'My library' }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, `menu-${viewport.name}.png`) });
    expect(await seriousViolations(page), 'home, menu open').toEqual([]);
    await context.close();
  });
});
