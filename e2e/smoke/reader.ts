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

/** A page's CSS width as laid out. */
function widthOf(page: Page, number: number): Promise<number> {
  return page.evaluate(
    (n) => document.getElementById(`page-${n}`)?.getBoundingClientRect().width ?? Number.NaN,
    number,
  );
}

/**
 * The font size (CSS px) of most of page N's text, from its text layer (each run sized to its
 * box on the page image): the body text's, as a reader sees it on the image.
 */
async function bodyTextSize(page: Page, number: number): Promise<number> {
  const selector = `#page-${number} [data-testid="text-layer"] span`;
  await page.locator(selector).first().waitFor({ state: 'attached' });
  return page.evaluate((css) => {
    const sizes = [...document.querySelectorAll(css)]
      .map((span) => Number.parseFloat(getComputedStyle(span).fontSize))
      .sort((a, b) => a - b);
    return sizes[Math.floor(sizes.length / 2)] ?? 0;
  }, selector);
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
        // The pages sheet opens on the page being read, focused; Escape closes it.
        await page.getByRole('button', { name: 'Pages', exact: true }).click();
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-current')))
          .toBe('page');
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('2');
        await page.keyboard.press('Escape');
        await expect.poll(() => page.locator('dialog[open]').count()).toBe(0);

        // Zoom: the phone's buttons step up to 200 %, twice the actual size, scrolling sideways
        // inside the reader, and the page being read stays the page in view.
        const zoomIn = page.getByRole('button', { name: 'Zoom in' });
        for (const _ of [75, 100, 125, 150, 200]) await zoomIn.click();
        const zoomed = await page.evaluate(() => {
          const pages = document.querySelector('[data-testid="document-pages"]') as HTMLElement;
          return {
            width: document.getElementById('page-2')?.getBoundingClientRect().width,
            scrolls: pages.scrollWidth > pages.clientWidth,
            pageWide: document.documentElement.scrollWidth > window.innerWidth,
          };
        });
        expect(zoomed).toEqual({ width: 1632, scrolls: true, pageWide: false });
        expect(await pageShown(page)).toBe('2');
        const zoomOut = page.getByRole('button', { name: 'Zoom out' });
        while (await zoomOut.isEnabled()) await zoomOut.click();
        expect(await widthOf(page, 2)).toBe(PHONE.width - 32);

        // Find in document: Enter goes to the word's page and highlights it there, below the
        // find bar, which stays open for the next Enter (issue 30: Enter closed it).
        await page.getByRole('button', { name: 'Find in document' }).click();
        const findBox = page.getByRole('searchbox', { name: 'Find in document' });
        await findBox.fill(fixture.word);
        await findBox.press('Enter');
        const highlight = page.locator('#page-2 [data-testid="find-highlight"]').first();
        await highlight.waitFor();
        await expect.poll(() => inView(page, '#page-2 [data-testid="find-highlight"]')).toBe(true);
        expect(await findBox.isVisible()).toBe(true);
        const findBottom = await page.evaluate(
          () => document.querySelector('search')?.getBoundingClientRect().bottom ?? 0,
        );
        expect((await highlight.boundingBox())?.y).toBeGreaterThan(findBottom);
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

    it('zooms in with + and out with − from fit width on a laptop', async () => {
      const { product, browser } = running();
      const fixture = await readerFixture(product);
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      try {
        await page.goto(`${product.baseUrl}/documents/${fixture.documentId}#page-2`);
        await page.locator('[data-testid="document-reader"]').waitFor();
        await expect.poll(() => pageShown(page)).toBe('2');
        const fit = await widthOf(page, 2);
        // Issue 30: "+" from fit width made the page smaller (958 -> 816 px), "−" bigger.
        await page.getByRole('button', { name: 'Zoom in' }).click();
        await expect.poll(() => widthOf(page, 2)).toBeGreaterThan(fit);
        expect(await widthOf(page, 2)).toBe(1020);
        expect(await page.getByLabel('Zoom', { exact: true }).inputValue()).toBe('125');
        // The page being read stays in view, scrolled sideways inside the reader.
        expect(await pageShown(page)).toBe('2');
        await page.getByRole('button', { name: 'Zoom out' }).click();
        await expect.poll(() => widthOf(page, 2)).toBe(fit);
        await page.getByRole('button', { name: 'Zoom out' }).click();
        await expect.poll(() => widthOf(page, 2)).toBeLessThan(fit);
        expect(await widthOf(page, 2)).toBe(816);
        // The keys do the same outside fields: + back to fit width, then above it.
        await page.keyboard.press('+');
        await expect.poll(() => widthOf(page, 2)).toBe(fit);
        await page.keyboard.press('+');
        await expect.poll(() => widthOf(page, 2)).toBe(1020);
        expect(await pageShown(page)).toBe('2');
        // → first scrolls the zoomed page sideways to its edge, then turns the page.
        const pages = page.locator('[data-testid="document-pages"]');
        const rightOfView = () =>
          pages.evaluate(
            (element) => element.scrollWidth - element.clientWidth - element.scrollLeft,
          );
        expect(await rightOfView()).toBeGreaterThan(1);
        await page.keyboard.press('ArrowRight');
        await expect.poll(rightOfView).toBeLessThan(1);
        expect(await pageShown(page)).toBe('2');
        await page.keyboard.press('ArrowRight');
        await expect.poll(() => pageShown(page)).toBe('3');
        await page.screenshot({ path: path.join(SCREENSHOTS, 'reader-desktop-zoomed.png') });
      } finally {
        await page.close();
      }
    });

    it('zooms a phone’s page to readable text that pans, with a double tap or the buttons', async () => {
      const { product, browser } = running();
      const fixture = await readerFixture(product);
      const context = await browser.newContext({
        viewport: PHONE,
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      try {
        await page.goto(`${product.baseUrl}/documents/${fixture.documentId}`);
        await page.locator('[data-testid="document-reader"]').waitFor();
        // Fit width: the page fills the column and its body text is too small to read.
        expect(await widthOf(page, 1)).toBe(PHONE.width - 32);
        const fitted = await bodyTextSize(page, 1);
        expect(fitted).toBeLessThan(9);
        // The zoom buttons are on the phone's toolbar (they were hidden): "−" has nothing
        // smaller than fit width to go to.
        const zoomIn = page.getByRole('button', { name: 'Zoom in' });
        const zoomOut = page.getByRole('button', { name: 'Zoom out' });
        expect(await zoomIn.isVisible()).toBe(true);
        expect(await zoomOut.isDisabled()).toBe(true);

        // A double tap near the page's left edge zooms to readable text there.
        const box = await page.locator('#page-1 img').boundingBox();
        if (!box) throw new Error('page 1 has no image');
        const tap = { x: box.x + 40, y: box.y + box.height / 3 };
        await page.touchscreen.tap(tap.x, tap.y);
        await page.touchscreen.tap(tap.x, tap.y);
        await expect.poll(() => widthOf(page, 1)).toBe(816);
        expect(await bodyTextSize(page, 1)).toBeGreaterThanOrEqual(12);
        // Sharp at that size: the browser picks the widest rendition (2,400 px for 816 CSS px
        // at 3x), not the fitted page's 1,600, and it loads.
        await expect
          .poll(
            () =>
              page.evaluate(() => {
                const image = document.querySelector<HTMLImageElement>('#page-1 img');
                const chosen = /[/,]w_(\d+)/.exec(image?.currentSrc ?? '')?.[1];
                return image?.complete && image.naturalWidth > 0 ? Number(chosen) : 0;
              }),
            { timeout: 60_000 },
          )
          .toBeGreaterThanOrEqual(3 * 816 - 100);
        await page.locator('#page-1 img').evaluate((image: HTMLImageElement) => image.decode());
        await page.screenshot({ path: path.join(SCREENSHOTS, 'reader-phone-zoomed.png') });

        // It pans: a swipe to the left scrolls the page sideways inside the reader, never the
        // whole site.
        const pages = page.locator('[data-testid="document-pages"]');
        const scrolled = () => pages.evaluate((element) => element.scrollLeft);
        const before = await scrolled();
        // A finger's touches (CDP's synthesized scroll gesture does not scroll here).
        const cdp = await context.newCDPSession(page);
        const swipe = (x: number) => ({ touchPoints: [{ x, y: Math.round(tap.y) }] });
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', ...swipe(300) });
        for (let step = 1; step <= 10; step += 1) {
          await cdp.send('Input.dispatchTouchEvent', {
            type: 'touchMove',
            ...swipe(300 - step * 15),
          });
        }
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
        await expect.poll(scrolled).toBeGreaterThan(before + 50);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        ).toBe(true);

        // The buttons step on from there and back; a second double tap returns to fit width.
        await zoomIn.click();
        await expect.poll(() => widthOf(page, 1)).toBe(1020);
        await zoomOut.click();
        await expect.poll(() => widthOf(page, 1)).toBe(816);
        // The point first tapped stayed under the finger: page 1 is still there.
        await page.touchscreen.tap(PHONE.width / 2, tap.y);
        await page.touchscreen.tap(PHONE.width / 2, tap.y);
        await expect.poll(() => widthOf(page, 1)).toBe(PHONE.width - 32);
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
