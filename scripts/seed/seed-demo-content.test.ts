import { createHash } from 'node:crypto';
import { DAY_MS } from '@coursepack/analytics/time';
import { createTestDatabase, type TestDatabase } from '@coursepack/db/testing/test-database';
import { verifyPassword } from 'better-auth/crypto';
import { sql } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCatalogue } from './content/demo-catalogue';
import { DEMO_OWNER } from './create-demo-owner';
import { demoPdfInput } from './demo-pdf-input';
import { formatPageText, parsePageMarkup } from './parse-page-markup';
import { titleBlockText } from './render-pdf';
import {
  isCatalogEmpty,
  type SeedMedia,
  type SeedSummary,
  seedDemoContent,
} from './seed-demo-content';

const NOW = new Date('2025-06-01T12:00:00.000Z');

/** Stands in for the media service: keeps uploads in memory and counts PDF pages like it would. */
function createRecordingMedia(options: { failOnPdf?: number } = {}) {
  const images = new Map<string, Uint8Array>();
  const pdfs = new Map<string, Uint8Array>();
  let pdfCalls = 0;
  const media: SeedMedia = {
    async uploadImage(file, publicId) {
      images.set(publicId, file);
      return publicId;
    },
    async uploadPdf(file, publicId) {
      pdfCalls++;
      if (pdfCalls === options.failOnPdf) throw new Error('media service unavailable');
      pdfs.set(publicId, file);
      const pages = (await PDFDocument.load(file)).getPageCount();
      return { publicId, pages };
    },
  };
  return { media, images, pdfs };
}

const expectedDocuments = demoCatalogue.courses.reduce((n, c) => n + c.documents.length, 0);
const expectedPages = demoCatalogue.courses.reduce(
  (n, c) => n + c.documents.reduce((m, d) => m + d.pages.length, 0),
  0,
);

describe('seedDemoContent', () => {
  let testDb: TestDatabase;
  let recorder: ReturnType<typeof createRecordingMedia>;
  let summary: SeedSummary;
  const logLines: string[] = [];
  let wasEmpty = false;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    wasEmpty = await isCatalogEmpty(testDb.db);
    recorder = createRecordingMedia();
    summary = await seedDemoContent(testDb.db, recorder.media, (line) => logLines.push(line), {
      now: NOW,
    });
  });
  afterAll(() => testDb.destroy());

  it('reports what it seeded and says so in the log', () => {
    expect(wasEmpty).toBe(true);
    expect(summary).toEqual({
      courses: demoCatalogue.courses.length,
      documents: expectedDocuments,
      pages: expectedPages,
    });
    expect(logLines.at(-1)).toMatch(
      /^Seeded \d+ courses, \d+ documents and \d+ pages in [\d.]+ s$/,
    );
  });

  it('leaves the catalogue non-empty', async () => {
    expect(await isCatalogEmpty(testDb.db)).toBe(false);
  });

  it('creates institutions, subjects and published courses with uploaded covers', async () => {
    const { db } = testDb;
    const institutions = await db.selectFrom('institutions').select('slug').execute();
    expect(institutions.map((row) => row.slug).sort()).toEqual(
      demoCatalogue.institutions.map((i) => i.slug).sort(),
    );
    const subjects = await db.selectFrom('subjects').select('slug').execute();
    expect(subjects).toHaveLength(demoCatalogue.subjects.length);

    const owner = await db
      .selectFrom('users')
      .where('email', '=', DEMO_OWNER.email)
      .select('id')
      .executeTakeFirstOrThrow();
    const courses = await db.selectFrom('courses').selectAll().orderBy('id').execute();
    expect(courses.map((course) => course.slug)).toEqual(demoCatalogue.courses.map((c) => c.slug));
    for (const course of courses) {
      expect(course.published).toBe(true);
      expect(course.owner_id).toBe(owner.id);
      expect(course.cover_asset_id).toBe(`demo/courses/${course.slug}-cover`);
      expect(recorder.images.has(course.cover_asset_id ?? '')).toBe(true);
      expect(course.created_at.getTime()).toBeLessThan(course.updated_at.getTime());
    }
  });

  it('creates ready, published documents that point at the uploaded PDFs', async () => {
    const rows = await testDb.db
      .selectFrom('documents')
      .innerJoin('courses', 'courses.id', 'documents.course_id')
      .select([
        'courses.slug as courseSlug',
        'documents.slug',
        'documents.kind',
        'documents.media_asset_id',
        'documents.page_count',
        'documents.size_bytes',
        'documents.checksum',
        'documents.language',
        'documents.status',
        'documents.published',
        'documents.owner_id',
        'documents.created_at',
      ])
      .execute();
    expect(rows).toHaveLength(expectedDocuments);
    for (const row of rows) {
      const demo = demoCatalogue.courses
        .find((course) => course.slug === row.courseSlug)
        ?.documents.find((document) => document.slug === row.slug);
      expect(demo, row.slug).toBeDefined();
      const publicId = `demo/documents/${row.courseSlug}/${row.slug}`;
      const pdf = recorder.pdfs.get(publicId);
      expect(pdf, publicId).toBeDefined();
      expect(row.media_asset_id).toBe(publicId);
      expect(row.kind).toBe(demo?.kind);
      expect(row.page_count).toBe(demo?.pages.length);
      expect(row.size_bytes).toBe(pdf?.byteLength);
      expect(row.checksum).toBe(
        createHash('sha256')
          .update(pdf ?? new Uint8Array())
          .digest('hex'),
      );
      expect(row).toMatchObject({
        language: 'en',
        status: 'ready',
        published: true,
      });
      expect(row.owner_id).toEqual(expect.any(String));
      expect(row.created_at.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(row.created_at.getTime()).toBeGreaterThanOrEqual(NOW.getTime() - 60 * DAY_MS);
    }
    // Spread out, so "recent documents" shows a history rather than one burst.
    const days = new Set(rows.map((row) => Math.floor(row.created_at.getTime() / DAY_MS)));
    expect(days.size).toBeGreaterThan(rows.length / 2);
  });

  it('creates the documented demo owner, verified, who signs in with the documented password', async () => {
    const account = await testDb.db
      .selectFrom('users')
      .innerJoin('accounts', 'accounts.user_id', 'users.id')
      .where('users.email', '=', 'owner@demo.coursepack.dev')
      .select(['users.email_verified', 'users.role', 'accounts.provider_id', 'accounts.password'])
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({
      email_verified: true,
      role: 'member',
      provider_id: 'credential',
    });
    expect(
      await verifyPassword({ hash: account.password ?? '', password: 'coursepack-demo' }),
    ).toBe(true);
  });

  it('stores each page’s text, the same text as in the PDF, searchable', async () => {
    const pages = await testDb.db
      .selectFrom('document_pages')
      .innerJoin('documents', 'documents.id', 'document_pages.document_id')
      .innerJoin('courses', 'courses.id', 'documents.course_id')
      .select(['courses.slug as courseSlug', 'documents.slug', 'page_number', 'body'])
      .execute();
    expect(pages).toHaveLength(expectedPages);
    const institutionNames = new Map(demoCatalogue.institutions.map((i) => [i.slug, i.name]));
    for (const page of pages) {
      const course = demoCatalogue.courses.find((candidate) => candidate.slug === page.courseSlug);
      const document = course?.documents.find((candidate) => candidate.slug === page.slug);
      const markup = document?.pages[page.page_number - 1];
      expect(markup, `${page.slug} page ${page.page_number}`).toBeDefined();
      const content = formatPageText(parsePageMarkup(markup ?? ''));
      if (page.page_number > 1 || !course || !document) {
        expect(page.body).toBe(content);
        continue;
      }
      // Page 1 as its image shows it: the title and description above the content.
      const heading = titleBlockText(
        demoPdfInput(course, document, institutionNames.get(course.institutionSlug) ?? ''),
      );
      expect(page.body).toBe(`${heading}\n\n${content}`);
    }
    const mendel = pages.find((page) => page.slug === 'mendelian-inheritance');
    expect(mendel?.body).toMatch(
      /^LECTURE NOTES\nLecture Notes 1: Mendelian Inheritance\n.*\n\nMendel’s experiments, the laws/,
    );

    const { rows } = await sql<{ slug: string }>`
      SELECT d.slug FROM document_pages p JOIN documents d ON d.id = p.document_id
      WHERE p.search_vector @@ websearch_to_tsquery('english', 'Gram-Schmidt orthogonal')`.execute(
      testDb.db,
    );
    expect(rows.map((row) => row.slug)).toContain('orthogonality-gram-schmidt-least-squares');
  });

  it('stores where each page’s words are, read from its PDF, for the reader’s text layer', async () => {
    const layers = await testDb.db
      .selectFrom('document_pages')
      .select(['page_number', 'body', 'text_layer'])
      .execute();
    for (const { page_number, body, text_layer } of layers) {
      const runs = text_layer?.runs ?? [];
      expect(runs.length > 0, `page ${page_number}`).toBe(body.trim() !== '');
      for (const [x, y, width, height] of runs) {
        for (const value of [x, y, width, height]) expect(value).toBeGreaterThanOrEqual(0);
        expect(x + width).toBeLessThanOrEqual(1);
        expect(y + height).toBeLessThanOrEqual(1);
      }
    }
    // Every word of a page's text is in its runs (the PDF draws the text the page stores).
    const [first] = layers;
    const placed = new Set(first?.text_layer?.runs.flatMap((run) => run[4].split(/\s+/)) ?? []);
    for (const word of first?.body.split(/\s+/).filter(Boolean) ?? [])
      expect(placed).toContain(word);
  });
});

describe('seedDemoContent when an upload fails', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(() => testDb.destroy());

  it('rejects and leaves the catalogue empty, so the next start retries', async () => {
    const { media } = createRecordingMedia({ failOnPdf: Math.ceil(expectedDocuments / 2) });
    await expect(seedDemoContent(testDb.db, media, () => {}, { now: NOW })).rejects.toThrow(
      'media service unavailable',
    );
    expect(await isCatalogEmpty(testDb.db)).toBe(true);
    for (const table of ['institutions', 'subjects', 'documents', 'document_pages'] as const) {
      const { count } = await testDb.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      expect(count, table).toBe(0);
    }
  });

  it('refuses a PDF whose page count the media service disagrees with', async () => {
    const media: SeedMedia = {
      uploadImage: async (_file, publicId) => publicId,
      uploadPdf: async (_file, publicId) => ({ publicId, pages: 1 }),
    };
    await expect(seedDemoContent(testDb.db, media)).rejects.toThrow(/counted 1 pages/);
    expect(await isCatalogEmpty(testDb.db)).toBe(true);
  });
});
