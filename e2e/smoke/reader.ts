import path from 'node:path';
import { sql } from 'kysely';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { connectToProductDatabase } from '../support/product-database';
import type { RunningProduct } from '../support/start-product';

const SCREENSHOTS = path.resolve(import.meta.dirname, '..', '..', 'test-results', 'smoke');
const PHONE = { width: 390, height: 844 };

interface ReaderFixture {
  documentId: number;
  pageCount: number;
  /** A word of page 2's text that page 1 does not have. */
  word: string;
}

/** A demo document of three pages or more, and a word only its second page has. */
async function readerFixture(product: RunningProduct): Promise<ReaderFixture> {
  const db = await connectToProductDatabase(product);
  try {
    const { rows } = await sql<ReaderFixture>`
      SELECT d.id AS "documentId", d.page_count AS "pageCount", w.word
      FROM documents d
      JOIN document_pages p2 ON p2.document_id = d.id AND p2.page_number = 2
      JOIN document_pages p1 ON p1.document_id = d.id AND p1.page_number = 1
      CROSS JOIN LATERAL regexp_split_to_table(lower(p2.body), '[^a-z]+') AS w(word)
      WHERE d.published AND d.status = 'ready' AND d.page_count >= 3
        AND length(w.word) >= 8 AND position(w.word IN lower(p1.body)) = 0
      ORDER BY d.id, w.word
      LIMIT 1`.execute(db);
    const [fixture] = rows;
    if (!fixture)
      throw new Error('No demo document with three pages and a word of its own on page 2');
    return fixture;
  } finally {
    await db.destroy();
  }
}

/** The published demo document with the most pages. */
async function longestDocument(
  product: RunningProduct,
): Promise<{ documentId: number; pageCount: number }> {
  const db = await connectToProductDatabase(product);
  try {
    const { rows } = await sql<{ documentId: number; pageCount: number }>`
      SELECT id AS "documentId", page_count AS "pageCount" FROM documents
      WHERE published AND status = 'ready' ORDER BY page_count DESC, id LIMIT 1`.execute(db);
    const [longest] = rows;
    if (!longest) throw new Error('No demo document is ready');
    return longest;
  } finally {
    await db.destroy();
  }
}

/** True when page N's thumbnail is inside the rail's scrolled box, not just somewhere in it. */
function railShows(page: Page, number: number): Promise<boolean> {
  return page.evaluate((n) => {
    const item = document.querySelector(`li[data-page="${n}"]`);
    const rail = item?.closest('nav');
    if (!item || !rail) return false;
    const box = item.getBoundingClientRect();
    const view = rail.getBoundingClientRect();
    return box.top >= view.top - 1 && box.bottom <= view.bottom + 1;
  }, number);
}

/** The reader's page field: the page being read. */
function pageShown(page: Page): Promise<string> {
  return page.getByLabel(/^Page number/).inputValue();
}

/** Where a page's top is in the viewport. */
function topOf(page: Page, number: number): Promise<number> {
  return page.evaluate(
    (n) => document.getElementById(`page-${n}`)?.getBoundingClientRect().top ?? Number.NaN,
    number,
  );
}

/** True when an element is inside the viewport (at least partly). */
function inView(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((css) => {
    const box = document.querySelector(css)?.getBoundingClientRect();
    return box !== undefined && box.bottom > 0 && box.top < window.innerHeight;
  }, selector);
}

/**
 * The document reader on a phone (issues 14 and 16): the document first, paging by keyboard and
 * button, zoom, find in document with the hit highlighted on the page image, and a search
 * result's link landing with it highlighted. Registered by browse.e2e.ts (one product for both).
 */
export function describeReader(running: () => { product: RunningProduct; browser: Browser }) {
  describe('the document reader', () => {
    it('shows page 1 in a phone’s first screen, pages by key and button, zooms and finds a word', async () => {
      const { product, browser } = running();
      const fixture = await readerFixture(product);
      const context = await browser.newContext({
        viewport: PHONE,
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      try {
        await page.goto(`${product.baseUrl}/documents/${fixture.documentId}`);
        await page.locator('[data-testid="document-reader"]').waitFor();
        // The document first: page 1 starts well inside the first screen, its image showing.
        expect(await topOf(page, 1)).toBeLessThan(PHONE.height * 0.65);
        expect(await inView(page, '#page-1 img')).toBe(true);
        // Pinch-zoom is the browser's: the viewport never forbids it.
        const viewportMeta = await page.locator('meta[name="viewport"]').getAttribute('content');
        expect(viewportMeta).not.toMatch(/user-scalable=no|maximum-scale=1(\D|$)/);
        await page.screenshot({ path: path.join(SCREENSHOTS, 'reader-phone.png') });
        expect(await pageShown(page)).toBe('1');

        // Keyboard paging: → turns to page 2, which lands just below the sticky toolbar.
        await page.keyboard.press('ArrowRight');
        await expect.poll(() => pageShown(page)).toBe('2');
        const toolbarBottom = await page.evaluate(
          () => document.querySelector('[role="toolbar"]')?.getBoundingClientRect().bottom ?? 0,
        );
        const pageTwoTop = await topOf(page, 2);
        expect(pageTwoTop).toBeGreaterThanOrEqual(toolbarBottom);
        expect(pageTwoTop).toBeLessThan(toolbarBottom + 40);
        await page.getByRole('button', { name: 'Next page' }).click();
        await expect.poll(() => pageShown(page)).toBe('3');
        expect(page.url()).toMatch(/#page-3$/);
        await page.keyboard.press('Home');
        await expect.poll(() => pageShown(page)).toBe('1');
        // Typing in the page field is typing: J and → do not turn the page; Enter goes to it.
        const field = page.getByLabel(/^Page number/);
        await field.fill('2');
        await field.press('ArrowRight');
        await field.press('j');
        await page.waitForTimeout(300);
        expect(await topOf(page, 1)).toBeGreaterThan(0);
        await field.fill('2');
        await field.press('Enter');
        await expect.poll(() => pageShown(page)).toBe('2');

        // Zoom: 200 % makes pages twice the actual size, scrolling sideways inside the reader.
        await page.getByLabel('Zoom', { exact: true }).selectOption('200');
        const zoomed = await page.evaluate(() => {
          const pages = document.querySelector('[data-testid="document-pages"]') as HTMLElement;
          return {
            width: document.getElementById('page-2')?.getBoundingClientRect().width,
            scrolls: pages.scrollWidth > pages.clientWidth,
            pageWide: document.documentElement.scrollWidth > window.innerWidth,
          };
        });
        expect(zoomed).toEqual({ width: 1632, scrolls: true, pageWide: false });
        await page.getByLabel('Zoom', { exact: true }).selectOption('fit');

        // Find in document: the word's page is listed; choosing it highlights the word there.
        await page.getByRole('button', { name: 'Find in document' }).click();
        await page.getByRole('searchbox', { name: 'Find in document' }).fill(fixture.word);
        const found = page.getByRole('list', { name: 'Pages found' });
        await found.getByRole('button', { name: /^Page 2\b/ }).click();
        const highlight = page.locator('#page-2 [data-testid="find-highlight"]').first();
        await highlight.waitFor();
        await expect.poll(() => inView(page, '#page-2 [data-testid="find-highlight"]')).toBe(true);
        expect(await page.locator('#page-1 [data-testid="find-highlight"]').count()).toBe(0);
        // The text layer holds the page's words where the image shows them, to select and copy.
        const layer = await page.locator('#page-2 [data-testid="text-layer"]').innerText();
        expect(layer.toLowerCase()).toContain(fixture.word);
        await page.screenshot({ path: path.join(SCREENSHOTS, 'reader-phone-find.png') });
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it('keeps the page being read in view in the thumbnail rail of a wide screen', async () => {
      const { product, browser } = running();
      const { documentId, pageCount } = await longestDocument(product);
      // A short laptop screen: the rail shows two thumbnails or so.
      const page = await browser.newPage({ viewport: { width: 1280, height: 600 } });
      try {
        await page.goto(`${product.baseUrl}/documents/${documentId}`);
        expect(pageCount).toBeGreaterThanOrEqual(4);
        expect(await railShows(page, pageCount)).toBe(false);
        await expect
          .poll(async () => {
            await page.keyboard.press('End');
            return pageShown(page);
          })
          .toBe(String(pageCount));
        await expect.poll(() => railShows(page, pageCount)).toBe(true);
        await page.screenshot({ path: path.join(SCREENSHOTS, 'reader-rail-last-page.png') });
      } finally {
        await page.close();
      }
    });

    it('opens a search result’s page with its words highlighted', async () => {
      const { product, browser } = running();
      const fixture = await readerFixture(product);
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      try {
        await page.goto(`${product.baseUrl}/search?q=${fixture.word}`);
        const link = page.locator(`main a[href^="/documents/${fixture.documentId}-"]`).first();
        // The result links to its best page (2, or another with the word's stem) with the words.
        const href = (await link.getAttribute('href')) ?? '';
        const landing = new RegExp(`\\?q=${fixture.word}#page-(\\d+)$`).exec(href)?.[1];
        expect(landing, href).toBeDefined();
        await link.click();
        const marks = `#page-${landing} [data-testid="find-highlight"]`;
        await page.locator(marks).first().waitFor();
        await expect.poll(() => inView(page, marks)).toBe(true);
        // Wide screens keep the find panel open beside the pages, listing the pages found.
        await expect
          .poll(() => page.getByRole('list', { name: 'Pages found' }).innerText())
          .toMatch(new RegExp(`Page ${landing}`));
        await page.screenshot({ path: path.join(SCREENSHOTS, 'reader-search-landing.png') });
      } finally {
        await page.close();
      }
    });
  });
}
