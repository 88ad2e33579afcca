import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeScannedPdf } from '../../apps/worker/src/testing/make-scanned-pdf';
import { connectToProductDatabase } from '../support/product-database';
import { useRunningProduct } from '../support/use-running-product';

const SCREENSHOTS = path.resolve(import.meta.dirname, '..', '..', 'test-results', 'journeys');
/** A word that exists nowhere but inside page 2 of the uploaded PDF. */
const HIDDEN_WORD = 'quokkaphrenology';
/**
 * A reader's browser. Headless Chromium says "HeadlessChrome" in its user agent, which the
 * collector rightly flags as a bot, and the dashboard leaves bots out by default.
 */
const READER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

const running = useRunningProduct(SCREENSHOTS);

/** The text of the headline figure `label` on a dashboard page. */
async function kpi(page: Page, label: string): Promise<string> {
  const card = page.locator('dl > div').filter({ has: page.locator('dt', { hasText: label }) });
  return (await card.locator('dd').first().locator('span').first().innerText()).trim();
}

/** All the text of the headline card `label`: its figure, change, previous figure and hint. */
async function kpiCard(page: Page, label: string): Promise<string> {
  const card = page.locator('dl > div').filter({ has: page.locator('dt', { hasText: label }) });
  return card.innerText();
}

/** A three-page PDF whose only mention of HIDDEN_WORD is in the text of page 2. */
async function studyNotesPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const pages = [
    'Week one: an introduction to marsupial behaviour and field observation methods.',
    `Week two: the contested history of ${HIDDEN_WORD}, and why skull shapes predict nothing.`,
    'Week three: revision questions and a reading list for the final examination.',
  ];
  for (const text of pages) {
    const page = pdf.addPage([595, 842]);
    page.drawText(text, { x: 50, y: 780, size: 11, font, maxWidth: 495 });
  }
  return Buffer.from(await pdf.save());
}

/** Signs a new member up, as the sign-up form does, and waits for the home page. */
async function signUp(
  page: Page,
  base: string,
  member: { name: string; email: string; password: string },
) {
  await page.goto(`${base}/sign-up`);
  await page.getByLabel('Name').fill(member.name);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(`${base}/`);
}

/** Creates a course from the new-course form (the first suggested subject and institution). */
async function createCourse(page: Page, base: string, title: string, code?: string) {
  await page.goto(`${base}/courses/new`);
  await page.getByLabel('Title').fill(title);
  if (code) await page.getByLabel(/^Code/).fill(code);
  for (const field of ['Subject', 'Institution']) {
    await page.getByRole('combobox', { name: field }).focus();
    await page.getByRole('option').first().waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
  }
  await page.getByRole('button', { name: 'Create course' }).click();
}

/**
 * The share of dark pixels under page 1's first find highlight, once the page image is decoded
 * and painted and the reader has stopped scrolling to the hit: a highlight over a word holds
 * its strokes, one beside it only paper.
 */
async function darknessUnderFirstHighlight(page: Page): Promise<number> {
  await page.waitForFunction(
    () => {
      const image = document.querySelector<HTMLImageElement>('section#page-1 img');
      return image?.complete === true && image.naturalWidth > 0;
    },
    undefined,
    { timeout: 60_000 },
  );
  await page.evaluate(async () => {
    await document.querySelector<HTMLImageElement>('section#page-1 img')?.decode();
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  const highlight = page.locator('section#page-1 [data-testid="find-highlight"]').first();
  await expect
    .poll(async () => {
      const before = JSON.stringify(await highlight.boundingBox());
      await page.waitForTimeout(200);
      return before === JSON.stringify(await highlight.boundingBox());
    })
    .toBe(true);
  const box = await highlight.boundingBox();
  if (!box) throw new Error('the highlight has no box');
  const pixels = await sharp(await page.screenshot({ clip: box }))
    .greyscale()
    .raw()
    .toBuffer();
  return pixels.filter((value) => value < 110).length / pixels.length;
}

function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

describe('a new member contributing a document', () => {
  it('signs up, creates a course, uploads a PDF, finds it by a word inside it, sees a reader on its dashboard, and loses the edit controls after signing out', async () => {
    const context = await running.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const base = running.product.baseUrl;

    await signUp(page, base, {
      name: 'Grace Hopper',
      email: 'grace@example.org',
      password: 'compilers are fun',
    });
    await page.locator('summary', { hasText: 'Account menu for Grace Hopper' }).waitFor();
    await createCourse(page, base, 'Marsupial Studies', 'ZOO 101');
    await page.waitForURL(/\/courses\/\d+-marsupial-studies$/);
    await expect(page.locator('h1').innerText()).resolves.toBe('Marsupial Studies');

    // Upload a PDF from the course page.
    await page.getByRole('link', { name: /Upload a document/ }).click();
    await page.waitForURL(/\/upload\?course=\d+/);
    await page.getByLabel('PDF file').setInputFiles({
      name: 'week-notes.pdf',
      mimeType: 'application/pdf',
      buffer: await studyNotesPdf(),
    });
    await page.getByLabel('Title').fill('Lecture notes, weeks 1–3');
    await page.getByLabel('Kind').selectOption('notes');
    await page.getByRole('button', { name: /^Upload/ }).click();
    await page.waitForURL(/\/documents\/\d+-lecture-notes-weeks-1-3/);
    // Processing, then the pages appear without a manual reload.
    await page.locator('section#page-3').waitFor({ timeout: 60_000 });
    const documentUrl = page.url().replace(/#.*$/, '');
    await expect(page.locator('[data-testid="document-actions"]').innerText()).resolves.toMatch(
      /Edit/,
    );
    await page.screenshot({ path: path.join(SCREENSHOTS, 'uploaded-document.png') });

    // Search for the word that only occurs inside the PDF, from the home page's search field
    // (the page's only one: the header offers none where the page has its own).
    await page.goto(base);
    const searchBox = page.getByRole('combobox', { name: /Search/ });
    await searchBox.fill(HIDDEN_WORD);
    await searchBox.press('Enter');
    await page.waitForURL(new RegExp(`/search\\?q=${HIDDEN_WORD}`));
    const hit = page.locator('main li', { hasText: 'Lecture notes, weeks 1–3' }).first();
    await expect(hit.locator('mark').first().innerText()).resolves.toMatch(
      new RegExp(HIDDEN_WORD, 'i'),
    );
    await expect(hit.innerText()).resolves.toMatch(/page 2/i);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'search-hit.png') });
    await hit.getByRole('link', { name: 'Lecture notes, weeks 1–3' }).click();
    // The link carries the words, so the reader opens with them found and highlighted.
    await page.waitForURL(
      new RegExp(`/documents/\\d+-lecture-notes-weeks-1-3\\?q=${HIDDEN_WORD}#page-2$`),
    );

    // Someone else reads it to the end and stays a few presence intervals (5 s each).
    const readerContext = await running.browser.newContext({
      viewport: { width: 1280, height: 700 },
      userAgent: READER_USER_AGENT,
    });
    const reader = await readerContext.newPage();
    await reader.goto(documentUrl);
    await reader.locator('section#page-3').waitFor();
    for (let step = 0; step < 12; step += 1) {
      await reader.mouse.wheel(0, 400);
      await reader.waitForTimeout(250);
    }
    await reader.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await reader.waitForTimeout(12_000);

    // The course's owner sees that visit on the document's dashboard, and in realtime.
    await page.goto(documentUrl);
    await page.getByRole('link', { name: /See how people read this/ }).click();
    await page.waitForURL(/\/dashboard\/documents\/\d+-lecture-notes-weeks-1-3/);
    expect(await kpi(page, 'Visitors')).toBe('1');
    expect(await kpi(page, 'Average depth')).toBe('100%');
    const readingTime = await kpi(page, 'Reading time');
    expect(readingTime).toMatch(/^\d+s$/);
    expect(Number.parseInt(readingTime, 10)).toBeGreaterThanOrEqual(10);
    await page.screenshot({
      path: path.join(SCREENSHOTS, 'document-dashboard.png'),
      fullPage: true,
    });
    // The overview's realtime panel names what is being read right now.
    await page.goto(`${base}/dashboard`);
    await expect(page.locator('ul[aria-label="Being read now"]').innerText()).resolves.toContain(
      'Lecture notes, weeks 1–3',
    );
    await readerContext.close();

    // What these visits recorded as named product actions (docs/tracking.md).
    const db = await connectToProductDatabase(running.product);
    try {
      const actions = await db
        .selectFrom('events')
        .where('type', 'in', ['account', 'search', 'document'])
        .where('action', 'not like', 'scroll%')
        .where('name', '<>', 'status')
        .select(['type', 'name', 'action'])
        .distinct()
        .execute();
      expect(actions.map((row) => `${row.type}/${row.name}/${row.action}`)).toEqual(
        expect.arrayContaining([
          'account/sign_up/complete',
          'search/search/submit',
          'search/result/open',
          'document/viewer/page_turn',
        ]),
      );
    } finally {
      await db.destroy();
    }

    // Sign out: the same document no longer offers to edit it.
    await page.locator('summary', { hasText: 'Account menu for Grace Hopper' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    await page.goto(documentUrl);
    await page.locator('section#page-1').waitFor();
    await expect(page.locator('[data-testid="document-actions"]').innerText()).resolves.not.toMatch(
      /Edit|Delete/,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('uploads a scan with no text in it, and finds it by a word OCR read on its page, highlighted in the reader', async () => {
    const context = await running.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const base = running.product.baseUrl;
    await signUp(page, base, {
      name: 'Katherine Johnson',
      email: 'katherine@example.org',
      password: 'trajectories by hand',
    });
    await createCourse(page, base, 'Statistical Physics');
    await page.waitForURL(/\/courses\/\d+-statistical-physics$/);

    // A page photographed, not typed: one image, no text layer ("zorblax" is only in its pixels).
    await page.getByRole('link', { name: /Upload a document/ }).click();
    await page.getByLabel('PDF file').setInputFiles({
      name: 'scanned-lecture.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(await makeScannedPdf({ pages: 1, dpi: 200, skewDegrees: 0.6 })),
    });
    await page.getByLabel('Title').fill('Scanned lecture 7');
    await page.getByRole('button', { name: /^Upload/ }).click();
    await page.waitForURL(/\/documents\/\d+-scanned-lecture-7/);
    await page.locator('section#page-1 img').first().waitFor({ timeout: 120_000 });

    await page.goto(`${base}/search?q=zorblax`);
    const hit = page.locator('main li', { hasText: 'Scanned lecture 7' }).first();
    await expect(hit.locator('mark').first().innerText()).resolves.toMatch(/zorblax/i);
    await expect(hit.innerText()).resolves.toMatch(/page 1/i);
    await hit.getByRole('link', { name: 'Scanned lecture 7' }).click();
    await page.waitForURL(/\/documents\/\d+-scanned-lecture-7\?q=zorblax#page-1$/);
    // OCR's word boxes place the highlight over the word in the page image.
    await page.locator('section#page-1 [data-testid="find-highlight"]').first().waitFor();
    // Over the word as the picture shows it (a Letter page in the A4 place, between bars), as
    // the reader opened from the result shows it and as a reload does (whose page image may
    // load before the page's scripts).
    await expect(darknessUnderFirstHighlight(page)).resolves.toBeGreaterThan(0.08);
    await page.reload();
    await expect(darknessUnderFirstHighlight(page)).resolves.toBeGreaterThan(0.08);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'scan-search-hit.png') });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the documented demo owner a dashboard alive with the seeded weeks of reading', async () => {
    const context = await running.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${running.product.baseUrl}/sign-in?next=/dashboard`);
    await page.getByLabel('Email').fill('owner@demo.coursepack.dev');
    await page.getByLabel('Password').fill('coursepack-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${running.product.baseUrl}/dashboard`);
    expect(Number((await kpi(page, 'Visitors')).replace(/,/g, ''))).toBeGreaterThan(50);
    expect(await kpi(page, 'Reading time')).toMatch(/h|m/);
    await expect(page.locator('main').innerText()).resolves.toMatch(/Reading depth/i);
    // Issue 30: each figure beside its previous one, a rise over a few as a percentage, not New.
    const visitors = await kpiCard(page, 'Visitors');
    expect(visitors).toMatch(/Different browsers: one person on two devices counts twice/);
    const before = /([\d,]+) in the previous 30 days/.exec(visitors)?.[1];
    expect(Number(before?.replace(/,/g, ''))).toBeGreaterThan(0);
    expect(visitors).toMatch(/[▲▼] [\d,]+%|No change/);
    expect(visitors).not.toMatch(/\bNew\b/);
    expect(await kpiCard(page, 'Average depth')).toMatch(/\d+% in the previous 30 days/);
    await expect(page.locator('main').innerText()).resolves.toMatch(
      /A read is one visitor opening one document/,
    );
    for (const name of ['From', 'To']) {
      await expect(page.getByLabel(name, { exact: true }).getAttribute('type')).resolves.toBe(
        'date',
      );
    }
    await page.screenshot({ path: path.join(SCREENSHOTS, 'demo-dashboard.png'), fullPage: true });

    // A range longer than the longest is cut, and the page says so.
    await page.goto(`${running.product.baseUrl}/dashboard?days=9999`);
    await expect(page.getByRole('alert').first().innerText()).resolves.toBe(
      'The dashboard shows at most 366 days at a time: showing the last 366 days instead of 9,999.',
    );

    // The most read document's dashboard: depth levels placed in its pages, last pages explained.
    await page.goto(`${running.product.baseUrl}/dashboard`);
    await page
      .getByRole('region', { name: 'Top documents' })
      .locator('a[href^="/dashboard/documents/"]')
      .first()
      .click();
    await page.waitForURL(/\/dashboard\/documents\/\d+/);
    const depth = await page.getByRole('region', { name: 'Reading depth' }).innerText();
    expect(depth).toMatch(/Saw 25%\s+about page \d+/);
    expect(depth).toMatch(/Reached the end\s+page \d+/);
    expect(depth).toMatch(/the first screen shows counts too: each page of this \d+-page document/);
    await expect(
      page.getByRole('region', { name: 'Page-by-page attention' }).innerText(),
    ).resolves.toMatch(
      /Readers most often left from page \d+: [\d,]+ of the [\d,]+ readers whose last page is known/,
    );
    await page.screenshot({
      path: path.join(SCREENSHOTS, 'demo-document-dashboard.png'),
      fullPage: true,
    });
    const documentDashboard = page.url();

    const phone = await context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    for (const [url, name] of [
      [`${running.product.baseUrl}/dashboard`, 'demo-dashboard-phone.png'],
      [documentDashboard, 'demo-document-dashboard-phone.png'],
    ] as const) {
      await phone.goto(url);
      const overflow = await phone.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await phone.screenshot({ path: path.join(SCREENSHOTS, name), fullPage: true });
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
