import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToProductDatabase } from '../support/product-database';
import { useRunningProduct } from '../support/use-running-product';

const SCREENSHOTS = path.resolve(import.meta.dirname, '..', '..', 'test-results', 'journeys');
/** More than the 60 uploads an hour a member may put into someone else's course. */
const GOOD_FILES = 81;

const running = useRunningProduct(SCREENSHOTS);
let folder = '';

/** A one-page PDF of a few KB whose text (and so checksum) is its own. */
async function lecturePdf(week: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  page.drawText(`Semester lecture ${week}: notes on topic number ${week * 7919}.`, {
    x: 50,
    y: 780,
    size: 12,
    font,
  });
  return pdf.save();
}

async function signInAsDemoOwner(page: Page): Promise<void> {
  await page.goto(`${running.product.baseUrl}/sign-in`);
  await page.getByLabel('Email').fill('owner@demo.coursepack.dev');
  await page.getByLabel('Password').fill('coursepack-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

interface AxeViolation {
  id: string;
  impact?: string | null;
}

/** The serious and critical violations axe-core finds on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(
    await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'),
  );
  return page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: { run(context: Document): Promise<{ violations: AxeViolation[] }> };
    };
    const { violations } = await axe.run(document);
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => violation.id);
  });
}

const fileName = (week: number) => `lecture_${String(week).padStart(2, '0')}-intro.pdf`;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'coursepack-semester-'));
  for (let week = 1; week <= GOOD_FILES; week += 1) {
    await writeFile(path.join(folder, fileName(week)), await lecturePdf(week));
  }
  // A download cut short: the header of a PDF and nothing a reader could open.
  const whole = await lecturePdf(999);
  await writeFile(path.join(folder, 'lecture_99-broken.pdf'), whole.slice(0, 400));
});

afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('a course owner putting up a semester of PDFs', () => {
  it('uploads 82 PDFs into their own course in one go; the damaged one says so and the others go through', async () => {
    const base = running.product.baseUrl;
    const db = await connectToProductDatabase(running.product);
    try {
      const course = await db
        .selectFrom('courses')
        .innerJoin('users', 'users.id', 'courses.owner_id')
        .select(['courses.id', 'courses.title'])
        .where('users.email', '=', 'owner@demo.coursepack.dev')
        .orderBy('courses.id')
        .executeTakeFirstOrThrow();
      const context = await running.browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));

      await signInAsDemoOwner(page);

      await page.goto(`${base}/upload?course=${course.id}`);
      const names = [...Array(GOOD_FILES).keys()].map((i) => fileName(i + 1));
      await page
        .getByLabel('PDF files')
        .setInputFiles([...names, 'lecture_99-broken.pdf'].map((name) => path.join(folder, name)));
      const rows = page.getByTestId('upload-row');
      await expect.poll(() => rows.count()).toBe(GOOD_FILES + 1);
      // Titles come from the file names, and stay editable until sent.
      const first = page.getByLabel(`Title of ${fileName(1)}`);
      await expect(first.inputValue()).resolves.toBe('Lecture 01 intro');
      await first.fill('Lecture 01: introduction');
      await page.getByLabel('Kind').selectOption('notes');
      await page.screenshot({ path: path.join(SCREENSHOTS, 'semester-upload-chosen.png') });

      await page.getByRole('button', { name: `Upload ${GOOD_FILES + 1} files` }).click();
      // A few at a time, never all at once.
      const sending = page.locator('[data-testid="upload-row"][data-status="sending"]');
      await expect.poll(() => sending.count()).toBeGreaterThan(0);
      expect(await sending.count()).toBeLessThanOrEqual(3);

      const status = page.getByRole('status').filter({ hasText: /uploaded/ });
      await status
        .filter({ hasText: `${GOOD_FILES} of ${GOOD_FILES + 1} files uploaded` })
        .waitFor({ timeout: 240_000 });
      await expect(
        page.locator('[data-testid="upload-row"][data-status="done"]').count(),
      ).resolves.toBe(GOOD_FILES);
      const broken = rows.filter({ hasText: 'lecture_99-broken.pdf' });
      await expect(broken.getAttribute('data-status')).resolves.toBe('failed');
      await expect(broken.innerText()).resolves.toMatch(
        /“lecture_99-broken\.pdf” is damaged or incomplete, so it cannot be read\. Download or export the PDF again/,
      );
      await expect(broken.getByRole('button', { name: /Retry/ }).isVisible()).resolves.toBe(true);
      await page.screenshot({
        path: path.join(SCREENSHOTS, 'semester-upload-done.png'),
        fullPage: true,
      });
      await page.setViewportSize({ width: 390, height: 844 });
      await broken.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SCREENSHOTS, 'semester-upload-done-phone.png') });
      await page.setViewportSize({ width: 1280, height: 900 });

      // Every good file is a document of the course, titled as the form said.
      const expected = names.map((name, index) =>
        index === 0
          ? 'Lecture 01: introduction'
          : name.replace(/^lecture_(\d+)-intro\.pdf$/, 'Lecture $1 intro'),
      );
      const stored = await db
        .selectFrom('documents')
        .select(['title'])
        .where('course_id', '=', course.id)
        .where('title', 'in', expected)
        .execute();
      expect(stored.map((row) => row.title).sort()).toEqual([...expected].sort());

      // The summary leads to the course, which lists them as the worker reads them.
      await page.getByRole('link', { name: new RegExp(`^Open .*${course.title}`) }).click();
      await page.waitForURL(new RegExp(`/courses/${course.id}-`));
      await expect
        .poll(
          async () => {
            await page.reload();
            return page.getByRole('link', { name: 'Lecture 01: introduction' }).count();
          },
          { timeout: 120_000, interval: 2_000 },
        )
        .toBeGreaterThan(0);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await db.destroy();
    }
  }, 600_000);

  it('takes a chosen folder and dropped files, listing what is not a PDF or is empty as skipped with the reason', async () => {
    const base = running.product.baseUrl;
    const semester = path.join(folder, 'semester');
    await mkdir(path.join(semester, 'week 1'), { recursive: true });
    await writeFile(path.join(semester, 'week 1', 'sheet_1.pdf'), await lecturePdf(1001));
    await writeFile(path.join(semester, 'week 1', 'reading-list.txt'), 'Chapters 1 to 3');
    await writeFile(path.join(semester, 'empty.pdf'), '');
    const context = await running.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInAsDemoOwner(page);
    await page.goto(`${base}/upload`);
    await page.getByLabel('Or a whole folder').setInputFiles(semester);
    // Dropped as a person drags files from their desktop onto the form.
    const dropped = Array.from(await lecturePdf(1002));
    await page.evaluate((bytes) => {
      const transfer = new DataTransfer();
      transfer.items.add(
        new File([new Uint8Array(bytes)], 'dropped_notes.pdf', { type: 'application/pdf' }),
      );
      transfer.items.add(new File(['just a photo'], 'photo.jpg', { type: 'image/jpeg' }));
      document
        .querySelector('fieldset')
        ?.dispatchEvent(
          new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }),
        );
    }, dropped);
    const rows = page.getByTestId('upload-row');
    await expect.poll(() => rows.count()).toBe(5);
    const row = (name: string) => rows.filter({ hasText: name });
    await expect(row('week 1/sheet_1.pdf').getAttribute('data-status')).resolves.toBe('ready');
    await expect(row('dropped_notes.pdf').getAttribute('data-status')).resolves.toBe('ready');
    await expect(row('reading-list.txt').innerText()).resolves.toMatch(
      /Skipped[\s\S]*Not a PDF: only PDF files can be uploaded/,
    );
    await expect(row('photo.jpg').innerText()).resolves.toMatch(/Not a PDF/);
    await expect(row('empty.pdf').innerText()).resolves.toMatch(
      /This file is empty \(0 bytes\)\. Download or export the PDF again/,
    );
    expect(await seriousViolations(page)).toEqual([]);
    // No course chosen yet: said beside the course, nothing sent.
    await page.getByRole('button', { name: 'Upload 2 files' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Choose the course these files belong to.' })
      .waitFor();
    await expect(
      page.getByLabel('Course', { exact: true }).getAttribute('aria-invalid'),
    ).resolves.toBe('true');
    await expect(page.getByText('Choose a course.', { exact: true }).isVisible()).resolves.toBe(
      true,
    );
    await page.getByLabel('Course', { exact: true }).selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Upload 2 files' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: '2 of 2 files uploaded.' })
      .waitFor({ timeout: 60_000 });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'folder-upload-done.png') });
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
