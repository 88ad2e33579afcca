import { createHash } from 'node:crypto';
import type { Database } from '@coursepack/db/schema';
import { insertCourseTaxonomy } from '@coursepack/db/testing/insert-catalog-taxonomy';
import { insertCourses } from '@coursepack/db/testing/insert-course';
import { createTestDatabase, type TestDatabase } from '@coursepack/db/testing/test-database';
import { inflatingPdf } from '@coursepack/hostile-files/hostile-pdfs';
import {
  startTestMediaService,
  type TestMediaService,
} from '@coursepack/media/testing/start-test-media-service';
import {
  describePdfProblem,
  PDF_PROBLEMS,
} from '@coursepack/worker/documents/describe-pdf-problem';
import { UnreadablePdfError } from '@coursepack/worker/documents/extract-pdf-text';
import { fetchOriginalPdf } from '@coursepack/worker/documents/fetch-original-pdf';
import { PDF_TEXT_LIMITS } from '@coursepack/worker/documents/pdf-text-limits';
import { processDocument } from '@coursepack/worker/documents/process-document';
import {
  corruptPdf,
  encryptedPdf,
  pngImage,
  textPdf,
} from '@coursepack/worker/testing/pdf-fixtures';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '@/auth/viewer';
import { RATE_LIMITS } from '@/limits/rate-limits';
import { rejection } from '@/testing/rejection';
import { insertViewers, testViewer } from '@/testing/test-viewer';
import { deleteDocument } from './delete-document';
import { getDocumentStatus } from './get-document-status';
import { listUploadCourses } from './list-upload-courses';
import { updateDocument } from './update-document';
import { type UploadInput, uploadDocument } from './upload-document';

let testDb: TestDatabase;
let db: Kysely<Database>;
let media: TestMediaService;
const MAX_BYTES = 200_000;
const courses = { published: 0, draft: 0 };

const uploader = testViewer('uploader');
const other = testViewer('other');
const courseOwner = testViewer('course-owner');
const admin = testViewer('admin', 'admin');

function deps() {
  return { db, media: media.credentials, maxBytes: MAX_BYTES, limits: RATE_LIMITS };
}

let fileCounter = 0;
/** A PDF no other test uploads (its text makes its checksum unique). */
async function uniquePdf(
  pages: string[] = ['Eigenvalues of symmetric matrices'],
): Promise<Uint8Array> {
  fileCounter += 1;
  return textPdf(
    pages.map((text, index) => (index === 0 ? `${text} (copy ${fileCounter})` : text)),
  );
}

async function input(overrides: Partial<UploadInput> = {}): Promise<UploadInput> {
  return {
    file: { bytes: await uniquePdf(), name: 'notes.pdf' },
    courseId: String(courses.published),
    title: 'Week 3 notes',
    description: 'Spectral theorem',
    kind: 'notes',
    ...overrides,
  };
}

/** What the worker does with the job an upload queued (apps/worker). */
async function processJob(
  documentId: number,
  options: Partial<Parameters<typeof processDocument>[0]> = {},
): Promise<string> {
  const processing = { db, media: media.delivery, maxBytes: MAX_BYTES, ...options };
  return (await processDocument(processing, documentId)).outcome;
}

/** Uploads, then processes the queued job as the worker would. */
async function uploadReady(as: Viewer = uploader, overrides: Partial<UploadInput> = {}) {
  const document = await uploadDocument(deps(), as, await input(overrides));
  const outcome = await processJob(document.id);
  return { ...document, outcome };
}

async function countDocuments(): Promise<number> {
  const row = await db
    .selectFrom('documents')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return row.count;
}

beforeAll(async () => {
  [testDb, media] = await Promise.all([createTestDatabase(), startTestMediaService()]);
  db = testDb.db;
  await insertViewers(db, [uploader, other, courseOwner, admin]);
  const taxonomy = await insertCourseTaxonomy(db);
  [courses.published, courses.draft] = await insertCourses(db, [
    { slug: 'linear-algebra', title: 'Linear Algebra', ...taxonomy, owner_id: courseOwner.id },
    {
      slug: 'draft-topology',
      title: 'Draft Topology',
      ...taxonomy,
      owner_id: courseOwner.id,
      published: false,
    },
  ]);
});

afterAll(async () => {
  await Promise.all([testDb?.destroy(), media?.close()]);
});

describe('uploading a document', () => {
  it('refuses an anonymous visitor with 401', async () => {
    const error = await rejection(uploadDocument(deps(), null, await input()));
    expect(error.status).toBe(401);
  });

  it('stores the file in the media service and creates a processing document with its checksum', async () => {
    const upload = await input();
    const file = upload.file?.bytes ?? new Uint8Array();
    const document = await uploadDocument(deps(), uploader, upload);

    expect(document.status).toBe('processing');
    expect(document.href).toBe(`/documents/${document.id}-week-3-notes`);
    const row = await db
      .selectFrom('documents')
      .selectAll()
      .where('id', '=', document.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      course_id: courses.published,
      title: 'Week 3 notes',
      description: 'Spectral theorem',
      kind: 'notes',
      owner_id: uploader.id,
      size_bytes: file.byteLength,
      checksum: createHash('sha256').update(file).digest('hex'),
      status: 'processing',
    });
    const stored = await fetchOriginalPdf(media.delivery, row.media_asset_id ?? '', MAX_BYTES);
    expect(Buffer.from(stored).equals(Buffer.from(file))).toBe(true);
    // …with its processing job, written in the same transaction.
    const jobs = await sql<{ data: unknown }>`
      SELECT data FROM pgboss.job WHERE name = 'process-document'
        AND (data->>'documentId')::int = ${document.id}`.execute(db);
    expect(jobs.rows).toEqual([{ data: { documentId: document.id } }]);
  });

  it('makes the document ready with each page’s text stored and searchable', async () => {
    const pdf = await uniquePdf(['Introduction', 'The characteristic polynomial', 'Exercises']);
    const result = await uploadDocument(deps(), uploader, {
      ...(await input()),
      file: { bytes: pdf, name: 'chapter.pdf' },
    });
    expect(await processJob(result.id)).toBe('ready');
    // A retried job (its first run's end was lost) changes nothing and doubles nothing.
    expect(await processJob(result.id)).toBe('gone');

    const row = await db
      .selectFrom('documents')
      .select(['status', 'page_count', 'failure_reason'])
      .where('id', '=', result.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'ready', page_count: 3, failure_reason: null });
    const pages = await db
      .selectFrom('document_pages')
      .select(['page_number', 'body'])
      .where('document_id', '=', result.id)
      .orderBy('page_number')
      .execute();
    expect(pages.map((page) => page.body)).toEqual([
      expect.stringContaining('Introduction'),
      'The characteristic polynomial',
      'Exercises',
    ]);
    const hits = await db
      .selectFrom('document_pages')
      .select('page_number')
      .where('document_id', '=', result.id)
      .where(
        sql<boolean>`search_vector @@ websearch_to_tsquery('english', 'characteristic polynomials')`,
      )
      .execute();
    expect(hits).toEqual([{ page_number: 2 }]);
    // The catalogue's search index (migration 0004) took it in with its page text.
    const indexed = await sql<{ document_id: number }>`
      SELECT document_id FROM document_search
      WHERE vector @@ websearch_to_tsquery('english', 'characteristic polynomials')`.execute(db);
    expect(indexed.rows).toContainEqual({ document_id: result.id });
  });

  it('refuses an exact duplicate with 409 and a link to the existing document', async () => {
    const bytes = await uniquePdf();
    const first = await uploadDocument(deps(), uploader, {
      ...(await input({ title: 'Original upload' })),
      file: { bytes, name: 'a.pdf' },
    });
    await processJob(first.id);
    const before = await countDocuments();

    const error = await rejection(
      uploadDocument(deps(), other, {
        ...(await input({ title: 'Same file again' })),
        file: { bytes, name: 'renamed.pdf' },
      }),
    );
    expect(error.status).toBe(409);
    expect(error.message).toBe('This file is already on Coursepack as “Original upload”.');
    expect(error.details).toEqual({
      existingDocument: {
        id: first.id,
        title: 'Original upload',
        href: first.href,
      },
    });
    expect(await countDocuments()).toBe(before);
  });

  it('does not name a duplicate the member may not see', async () => {
    const bytes = await uniquePdf();
    await uploadDocument(deps(), uploader, {
      ...(await input({ title: 'Still processing' })),
      file: { bytes, name: 'a.pdf' },
    });
    const error = await rejection(
      uploadDocument(deps(), other, { ...(await input()), file: { bytes, name: 'b.pdf' } }),
    );
    expect(error.status).toBe(409);
    expect(error.message).toBe('This file is already on Coursepack.');
    expect(error.details).toBeUndefined();
  });

  it('refuses an empty file with 400', async () => {
    const error = await rejection(
      uploadDocument(
        deps(),
        uploader,
        await input({ file: { bytes: new Uint8Array(), name: 'empty.pdf' } }),
      ),
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      '“empty.pdf” is empty (0 bytes). Download or export the PDF again, then upload the new copy.',
    );
  });

  it('refuses a missing file with 400', async () => {
    const error = await rejection(uploadDocument(deps(), uploader, await input({ file: null })));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Choose a PDF file to upload.');
  });

  it('refuses a file over the size limit with 413 naming the limit', async () => {
    const big = new Uint8Array(MAX_BYTES + 1);
    big.set(Buffer.from('%PDF-1.7\n'));
    const error = await rejection(
      uploadDocument(deps(), uploader, await input({ file: { bytes: big, name: 'big.pdf' } })),
    );
    expect(error.status).toBe(413);
    expect(error.message).toBe('The file is 195 KB; the limit is 195 KB.');
  });

  it('refuses a PNG named .pdf with 415', async () => {
    const error = await rejection(
      uploadDocument(
        deps(),
        uploader,
        await input({ file: { bytes: await pngImage(), name: 'scan.pdf' } }),
      ),
    );
    expect(error.status).toBe(415);
    expect(error.message).toContain('“scan.pdf” is not a PDF');
  });

  it.each([
    ['password-protected', encryptedPdf, /^“notes\.pdf” is protected by a password\. Save a copy/],
    [
      'damaged',
      corruptPdf,
      /^“notes\.pdf” is damaged or incomplete, so it cannot be read\. Download/,
    ],
    [
      'truncated',
      async () => (await uniquePdf(['A download cut short'])).slice(0, 400),
      /^“notes\.pdf” is damaged or incomplete, so it cannot be read\. Download/,
    ],
  ])(
    'refuses a %s PDF with 422 saying what is wrong with the file, and stores nothing',
    async (_, make, reason) => {
      const before = await countDocuments();
      const error = await rejection(
        uploadDocument(
          deps(),
          uploader,
          await input({ file: { bytes: await make(), name: 'notes.pdf' } }),
        ),
      );
      expect(error.status).toBe(422);
      expect(error.message).toMatch(reason);
      expect(error.message).not.toMatch(/media service|Invalid PDF structure|could not be read:/);
      expect(await countDocuments()).toBe(before);
    },
  );

  it('fails a PDF the worker cannot read with the reason, and lets the same file be uploaded again', async () => {
    const bytes = await uniquePdf(['Notes the media service can open']);
    const first = await uploadDocument(deps(), uploader, {
      ...(await input({ title: 'Unreadable notes' })),
      file: { bytes, name: 'notes.pdf' },
    });
    const unreadable = async () => {
      throw new UnreadablePdfError(PDF_PROBLEMS.encrypted);
    };
    expect(await processJob(first.id, { extract: unreadable })).toBe('failed');
    expect(await getDocumentStatus(db, uploader, first.id)).toEqual({
      status: 'failed',
      pageCount: 0,
      failureReason: PDF_PROBLEMS.encrypted,
    });

    const again = await uploadDocument(deps(), uploader, {
      ...(await input({ title: 'Unreadable notes' })),
      file: { bytes, name: 'notes.pdf' },
    });
    expect(again.status).toBe('processing');
    expect(await processJob(again.id)).toBe('ready');
  });

  it('fails a small PDF whose page inflates to 40 MB, naming the page, and stores no text', async () => {
    const bytes = await inflatingPdf({ inflatedBytes: 40 * 1024 * 1024 });
    expect(bytes.byteLength).toBeLessThan(MAX_BYTES);
    const flood = async () => ({
      ...(await input({ title: 'Flooded notes' })),
      file: { bytes, name: 'flood.pdf' },
    });
    // The media service's own check of the file's streams refuses it at upload…
    const refused = await rejection(uploadDocument(deps(), uploader, await flood()));
    expect(refused.code).toBe('unprocessable');
    expect(refused.message).toMatch(/PDF stream \d+ 0 decodes to more than 16777216 bytes/);
    // …and a media service configured to take it leaves the reading's limits to refuse it.
    const lenient = await startTestMediaService({
      MEDIA_PDF_MAX_CONTENT_BYTES: String(64 * 1024 * 1024),
    });
    const upload = await uploadDocument(
      { ...deps(), media: lenient.credentials },
      uploader,
      await flood(),
    );
    expect(await processJob(upload.id, { media: lenient.delivery })).toBe('failed');
    expect(await getDocumentStatus(db, uploader, upload.id)).toEqual({
      status: 'failed',
      pageCount: 0,
      failureReason: describePdfProblem({ code: 'pageContentTooLarge', page: 1 }, PDF_TEXT_LIMITS),
    });
    await lenient.close();
    const stored = await db
      .selectFrom('document_pages')
      .where('document_id', '=', upload.id)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.count)).toBe(0);
  });

  it('fails a document with more distinct words than the search index takes, without retrying', async () => {
    const upload = await uploadDocument(deps(), uploader, await input({ title: 'Word salad' }));
    // 200,000 distinct made-up words: over PostgreSQL's 1 MB per tsvector once stemmed.
    let seed = 7;
    const word = () =>
      Array.from({ length: 8 }, () => {
        seed = (seed * 48271) % 2147483647;
        return String.fromCharCode(97 + (seed % 26));
      }).join('');
    const pages = Array.from({ length: 20 }, () => Array.from({ length: 10_000 }, word).join(' '));
    const outcome = await processJob(upload.id, {
      extract: async () => ({ pages, recognised: [] }),
    });
    expect(outcome).toBe('failed');
    const status = await getDocumentStatus(db, uploader, upload.id);
    expect(status.status).toBe('failed');
    expect(status.failureReason).toMatch(/more distinct words than the search index takes/);
  });

  it('stores HTML in a title as text', async () => {
    const title = '<script>alert("x")</script> & <b>notes</b>';
    const { id } = await uploadReady(uploader, { title });
    const row = await db
      .selectFrom('documents')
      .select(['title', 'slug'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ title, slug: 'script-alert-x-script-b-notes-b' });
  });

  it('refuses a title over 200 characters, naming the field', async () => {
    const error = await rejection(
      uploadDocument(deps(), uploader, await input({ title: 'x'.repeat(201) })),
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe('Title must be at most 200 characters.');
    expect(error.details).toEqual({ fields: { title: 'Title must be at most 200 characters' } });
  });

  it('refuses a missing title', async () => {
    const error = await rejection(uploadDocument(deps(), uploader, await input({ title: '   ' })));
    expect(error.message).toBe('Title is required.');
  });

  it('refuses an unknown kind, listing the kinds', async () => {
    const error = await rejection(
      uploadDocument(deps(), uploader, await input({ kind: 'poster' })),
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      'Kind must be one of notes, slides, exercises, exam, summary, other.',
    );
  });

  it('refuses a course id that is not a number with 400', async () => {
    const error = await rejection(
      uploadDocument(deps(), uploader, await input({ courseId: 'abc' })),
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe('Choose a course.');
  });

  it('refuses an unknown course with 404', async () => {
    const error = await rejection(
      uploadDocument(deps(), uploader, await input({ courseId: '999999' })),
    );
    expect(error.status).toBe(404);
    expect(error.message).toBe('There is no published course with id 999999.');
  });

  it('treats an unpublished course as unknown for members, but lets its owner upload', async () => {
    const error = await rejection(
      uploadDocument(deps(), uploader, await input({ courseId: String(courses.draft) })),
    );
    expect(error.status).toBe(404);
    const owned = await uploadReady(courseOwner, { courseId: String(courses.draft) });
    expect(owned.outcome).toBe('ready');
  });

  it('leaves a document deleted while processing deleted', async () => {
    const result = await uploadDocument(deps(), uploader, await input());
    await deleteDocument(db, uploader, result.id);
    expect(await processJob(result.id)).toBe('gone');
    expect(
      await db
        .selectFrom('document_pages')
        .select('page_number')
        .where('document_id', '=', result.id)
        .execute(),
    ).toEqual([]);
  });
});

describe('choosing a course to upload to', () => {
  it('offers members the published courses, owners their drafts too, admins every course', async () => {
    const ids = async (as: Viewer) => (await listUploadCourses(db, as)).map((course) => course.id);
    expect(await ids(uploader)).toEqual([courses.published]);
    expect(await ids(courseOwner)).toEqual([courses.draft, courses.published]);
    expect(await ids(admin)).toEqual([courses.draft, courses.published]);
  });
});

describe('who sees a document while it is processing', () => {
  it('shows its status to the uploader and hides it from everyone else until ready', async () => {
    const result = await uploadDocument(deps(), uploader, await input());
    const { id } = result;
    expect((await getDocumentStatus(db, uploader, id)).status).toBe('processing');
    expect((await rejection(getDocumentStatus(db, null, id))).status).toBe(404);
    expect((await rejection(getDocumentStatus(db, other, id))).status).toBe(404);
    expect(
      (await rejection(updateDocument(db, other, { documentId: id, changes: { title: 'x' } })))
        .status,
    ).toBe(404);

    await processJob(id);
    expect(await getDocumentStatus(db, null, id)).toEqual({
      status: 'ready',
      pageCount: 1,
      failureReason: null,
    });
  });
});

describe('editing and deleting documents', () => {
  it('lets the uploader change title, description and kind; a new title gives a new slug', async () => {
    const { id } = await uploadReady();
    const updated = await updateDocument(db, uploader, {
      documentId: id,
      changes: { title: 'Week 4: diagonalisation', description: '', kind: 'summary' },
    });
    expect(updated).toEqual({
      id,
      slug: 'week-4-diagonalisation',
      href: `/documents/${id}-week-4-diagonalisation`,
    });
    const row = await db
      .selectFrom('documents')
      .select(['title', 'description', 'kind'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ title: 'Week 4: diagonalisation', description: '', kind: 'summary' });
  });

  it('refuses an edit with no fields, or a bad kind, with 400', async () => {
    const { id } = await uploadReady();
    expect(
      (await rejection(updateDocument(db, uploader, { documentId: id, changes: {} }))).message,
    ).toBe('Send at least one of title, description or kind.');
    expect(
      (
        await rejection(
          updateDocument(db, uploader, { documentId: id, changes: { kind: 'memes' } }),
        )
      ).status,
    ).toBe(400);
  });

  it('refuses an anonymous edit or delete with 401', async () => {
    const { id } = await uploadReady();
    expect(
      (await rejection(updateDocument(db, null, { documentId: id, changes: { title: 'x' } })))
        .status,
    ).toBe(401);
    expect((await rejection(deleteDocument(db, null, id))).status).toBe(401);
  });

  it('refuses another member’s edit or delete with 403', async () => {
    const { id } = await uploadReady();
    expect(
      (
        await rejection(
          updateDocument(db, other, { documentId: id, changes: { title: 'Mine now' } }),
        )
      ).status,
    ).toBe(403);
    expect((await rejection(deleteDocument(db, other, id))).status).toBe(403);
    const row = await db
      .selectFrom('documents')
      .select('title')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.title).toBe('Week 3 notes');
  });

  it('lets the course owner and admins edit and delete a member’s document', async () => {
    const first = await uploadReady();
    await updateDocument(db, courseOwner, { documentId: first.id, changes: { kind: 'exam' } });
    await deleteDocument(db, courseOwner, first.id);
    const second = await uploadReady();
    await updateDocument(db, admin, { documentId: second.id, changes: { kind: 'exam' } });
    await deleteDocument(db, admin, second.id);
    expect(
      await db
        .selectFrom('documents')
        .select('id')
        .where('id', 'in', [first.id, second.id])
        .execute(),
    ).toEqual([]);
  });

  it('deletes the row and its pages, queues its file’s deletion, and answers the course to go back to', async () => {
    const { id } = await uploadReady();
    const { media_asset_id } = await db
      .selectFrom('documents')
      .select('media_asset_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const result = await deleteDocument(db, uploader, id);
    expect(result).toEqual({ courseHref: `/courses/${courses.published}-linear-algebra` });
    expect(
      await db
        .selectFrom('document_pages')
        .select('page_number')
        .where('document_id', '=', id)
        .execute(),
    ).toEqual([]);
    const queued = await sql<{ data: unknown }>`
      SELECT data FROM pgboss.job WHERE name = 'destroy-media'
        AND data->>'publicId' = ${media_asset_id}`.execute(db);
    expect(queued.rows).toEqual([{ data: { publicId: media_asset_id } }]);
  });

  it('answers 404 for a document that does not exist', async () => {
    expect((await rejection(deleteDocument(db, uploader, 999_999))).status).toBe(404);
  });
});
