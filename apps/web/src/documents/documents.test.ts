import { createHash } from 'node:crypto';
import type { Database } from '@coursepack/db/schema';
import { createTestDatabase, type TestDatabase } from '@coursepack/db/testing/test-database';
import { inflatingPdf } from '@coursepack/hostile-files/hostile-pdfs';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '@/auth/viewer';
import { AppError } from '@/lib/app-error';
import { rejection } from '@/testing/rejection';
import { insertViewers, testViewer } from '@/testing/test-viewer';
import { deleteDocument } from './delete-document';
import { describePdfProblem, PDF_PROBLEMS } from './describe-pdf-problem';
import { fetchOriginalPdf } from './fetch-original-pdf';
import { getDocumentStatus } from './get-document-status';
import { listUploadCourses } from './list-upload-courses';
import { PDF_TEXT_LIMITS } from './pdf-text-limits';
import { processUploadedDocument } from './process-uploaded-document';
import { recoverStalledDocuments } from './recover-stalled-documents';
import { startTestMediaService, type TestMediaService } from './testing/media-service';
import { corruptPdf, encryptedPdf, pngImage, textlessPdf, textPdf } from './testing/pdf-fixtures';
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
  return { db, media: media.credentials, maxBytes: MAX_BYTES };
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

/** Uploads and waits for processing, as the route does after responding. */
async function uploadReady(as: Viewer = uploader, overrides: Partial<UploadInput> = {}) {
  const result = await uploadDocument(deps(), as, await input(overrides));
  const outcome = await result.process();
  return { ...result.document, outcome };
}

async function countDocuments(): Promise<number> {
  const row = await db
    .selectFrom('documents')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return row.count;
}

async function mediaStatus(publicId: string): Promise<number> {
  const response = await fetch(
    `${media.delivery.baseUrl}/${media.delivery.cloudName}/image/upload/${publicId}.pdf`,
  );
  await response.arrayBuffer();
  return response.status;
}

beforeAll(async () => {
  [testDb, media] = await Promise.all([createTestDatabase(), startTestMediaService()]);
  db = testDb.db;
  await insertViewers(db, [uploader, other, courseOwner, admin]);
  const institution = await db
    .insertInto('institutions')
    .values({ slug: 'northbridge', name: 'Northbridge University' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const subject = await db
    .insertInto('subjects')
    .values({ slug: 'mathematics', name: 'Mathematics' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const [published, draft] = await db
    .insertInto('courses')
    .values([
      {
        slug: 'linear-algebra',
        title: 'Linear Algebra',
        subject_id: subject.id,
        institution_id: institution.id,
        owner_id: courseOwner.id,
        published: true,
      },
      {
        slug: 'draft-topology',
        title: 'Draft Topology',
        subject_id: subject.id,
        institution_id: institution.id,
        owner_id: courseOwner.id,
        published: false,
      },
    ])
    .returning('id')
    .execute();
  if (!published || !draft) throw new Error('fixture courses missing');
  courses.published = published.id;
  courses.draft = draft.id;
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
    const { document } = await uploadDocument(deps(), uploader, upload);

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
      processing_attempts: 1,
    });
    const stored = await fetchOriginalPdf(media.delivery, row.media_asset_id ?? '');
    expect(Buffer.from(stored).equals(Buffer.from(file))).toBe(true);
  });

  it('makes the document ready with each page’s text stored and searchable', async () => {
    const pdf = await uniquePdf(['Introduction', 'The characteristic polynomial', 'Exercises']);
    const result = await uploadDocument(deps(), uploader, {
      ...(await input()),
      file: { bytes: pdf, name: 'chapter.pdf' },
    });
    expect(await result.process()).toBe('ready');

    const row = await db
      .selectFrom('documents')
      .select(['status', 'page_count', 'failure_reason', 'processing_started_at'])
      .where('id', '=', result.document.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      status: 'ready',
      page_count: 3,
      failure_reason: null,
      processing_started_at: null,
    });
    const pages = await db
      .selectFrom('document_pages')
      .select(['page_number', 'body'])
      .where('document_id', '=', result.document.id)
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
      .where('document_id', '=', result.document.id)
      .where(
        sql<boolean>`search_vector @@ websearch_to_tsquery('english', 'characteristic polynomials')`,
      )
      .execute();
    expect(hits).toEqual([{ page_number: 2 }]);
    // The catalogue's search index (migration 0004) took it in with its page text.
    const indexed = await sql<{ document_id: number }>`
      SELECT document_id FROM document_search
      WHERE vector @@ websearch_to_tsquery('english', 'characteristic polynomials')`.execute(db);
    expect(indexed.rows).toContainEqual({ document_id: result.document.id });
  });

  it('refuses an exact duplicate with 409 and a link to the existing document', async () => {
    const bytes = await uniquePdf();
    const first = await uploadDocument(deps(), uploader, {
      ...(await input({ title: 'Original upload' })),
      file: { bytes, name: 'a.pdf' },
    });
    await first.process();
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
        id: first.document.id,
        title: 'Original upload',
        href: first.document.href,
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
    expect(error.message).toBe('The file “empty.pdf” is empty.');
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

  it('refuses a password-protected PDF with 422 and stores nothing', async () => {
    const before = await countDocuments();
    const error = await rejection(
      uploadDocument(
        deps(),
        uploader,
        await input({ file: { bytes: encryptedPdf(), name: 'locked.pdf' } }),
      ),
    );
    expect(error.status).toBe(422);
    expect(error.message).toBe(PDF_PROBLEMS.encrypted);
    expect(await countDocuments()).toBe(before);
  });

  it('refuses a damaged PDF with 422', async () => {
    const error = await rejection(
      uploadDocument(
        deps(),
        uploader,
        await input({ file: { bytes: corruptPdf(), name: 'broken.pdf' } }),
      ),
    );
    expect(error.status).toBe(422);
    expect(error.message).toBe(PDF_PROBLEMS.corrupt);
  });

  it('fails a PDF without text with the reason, and lets the same file be uploaded again', async () => {
    const bytes = textlessPdf();
    const first = await uploadDocument(deps(), uploader, {
      ...(await input({ title: 'Scanned notes' })),
      file: { bytes, name: 'scan.pdf' },
    });
    expect(await first.process()).toBe('failed');
    expect(await getDocumentStatus(db, uploader, first.document.id)).toEqual({
      status: 'failed',
      pageCount: 0,
      failureReason: PDF_PROBLEMS.noText,
    });

    const again = await uploadDocument(deps(), uploader, {
      ...(await input({ title: 'Scanned notes' })),
      file: { bytes, name: 'scan.pdf' },
    });
    expect(again.document.status).toBe('processing');
    await again.process();
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
      MEDIA_PDF_MAX_OPERATORS: '100000000',
    });
    const upload = await uploadDocument(
      { ...deps(), media: lenient.credentials },
      uploader,
      await flood(),
    ).finally(() => lenient.close());
    expect(await upload.process()).toBe('failed');
    expect(await getDocumentStatus(db, uploader, upload.document.id)).toEqual({
      status: 'failed',
      pageCount: 0,
      failureReason: describePdfProblem({ code: 'pageContentTooLarge', page: 1 }, PDF_TEXT_LIMITS),
    });
    const stored = await db
      .selectFrom('document_pages')
      .where('document_id', '=', upload.document.id)
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
    const outcome = await processUploadedDocument(
      db,
      upload.document.id,
      new Uint8Array(),
      async () => pages,
    );
    expect(outcome).toBe('failed');
    const status = await getDocumentStatus(db, uploader, upload.document.id);
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
    await deleteDocument(db, media.credentials, uploader, result.document.id);
    expect(await result.process()).toBe('gone');
    expect(
      await db
        .selectFrom('document_pages')
        .select('page_number')
        .where('document_id', '=', result.document.id)
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
    const id = result.document.id;
    expect((await getDocumentStatus(db, uploader, id)).status).toBe('processing');
    expect((await rejection(getDocumentStatus(db, null, id))).status).toBe(404);
    expect((await rejection(getDocumentStatus(db, other, id))).status).toBe(404);
    expect(
      (await rejection(updateDocument(db, other, { documentId: id, changes: { title: 'x' } })))
        .status,
    ).toBe(404);

    await result.process();
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
    expect((await rejection(deleteDocument(db, media.credentials, null, id))).status).toBe(401);
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
    expect((await rejection(deleteDocument(db, media.credentials, other, id))).status).toBe(403);
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
    await deleteDocument(db, media.credentials, courseOwner, first.id);
    const second = await uploadReady();
    await updateDocument(db, admin, { documentId: second.id, changes: { kind: 'exam' } });
    await deleteDocument(db, media.credentials, admin, second.id);
    expect(
      await db
        .selectFrom('documents')
        .select('id')
        .where('id', 'in', [first.id, second.id])
        .execute(),
    ).toEqual([]);
  });

  it('deletes the row, its pages and its file, and answers the course to go back to', async () => {
    const { id } = await uploadReady();
    const { media_asset_id } = await db
      .selectFrom('documents')
      .select('media_asset_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const result = await deleteDocument(db, media.credentials, uploader, id);
    expect(result).toEqual({ courseHref: `/courses/${courses.published}-linear-algebra` });
    expect(
      await db
        .selectFrom('document_pages')
        .select('page_number')
        .where('document_id', '=', id)
        .execute(),
    ).toEqual([]);
    expect(await mediaStatus(media_asset_id ?? '')).toBe(404);
  });

  it('answers 404 for a document that does not exist', async () => {
    expect((await rejection(deleteDocument(db, media.credentials, uploader, 999_999))).status).toBe(
      404,
    );
  });
});

describe('recovering uploads whose processing was cut short', () => {
  const options = () => ({
    staleAfterMs: 5 * 60 * 1000,
    maxAttempts: 3,
    fetchOriginal: (publicId: string) => fetchOriginalPdf(media.delivery, publicId),
  });

  /** An upload whose process died before extracting: still processing, started `minutes` ago. */
  async function interruptedUpload(minutes: number, attempts = 1): Promise<number> {
    const { document } = await uploadDocument(deps(), uploader, await input());
    await db
      .updateTable('documents')
      .set({
        processing_started_at: sql`now() - make_interval(mins => ${minutes})`,
        processing_attempts: attempts,
      })
      .where('id', '=', document.id)
      .execute();
    return document.id;
  }

  it('processes a stalled upload again from the stored original', async () => {
    const id = await interruptedUpload(10);
    const results = await recoverStalledDocuments(db, { ...options(), documentId: id });
    expect(results).toEqual([{ id, outcome: 'ready' }]);
    const row = await db
      .selectFrom('documents')
      .select(['status', 'page_count', 'processing_attempts'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'ready', page_count: 1, processing_attempts: 2 });
  });

  it('leaves an upload that is still within its time alone', async () => {
    const id = await interruptedUpload(1);
    expect(await recoverStalledDocuments(db, { ...options(), documentId: id })).toEqual([]);
  });

  it('lets only one of two concurrent sweeps take a stalled upload', async () => {
    const id = await interruptedUpload(10);
    const [a, b] = await Promise.all([
      recoverStalledDocuments(db, { ...options(), documentId: id }),
      recoverStalledDocuments(db, { ...options(), documentId: id }),
    ]);
    expect([...a, ...b]).toEqual([{ id, outcome: 'ready' }]);
  });

  it('marks an upload failed once its attempts run out', async () => {
    const id = await interruptedUpload(10, 3);
    expect(await recoverStalledDocuments(db, { ...options(), documentId: id })).toEqual([
      { id, outcome: 'failed' },
    ]);
    const status = await getDocumentStatus(db, uploader, id);
    expect(status.status).toBe('failed');
    expect(status.failureReason).toContain('did not finish after several attempts');
  });

  it('marks an upload failed when its stored file is gone', async () => {
    const id = await interruptedUpload(10);
    await db
      .updateTable('documents')
      .set({ media_asset_id: 'documents/missing' })
      .where('id', '=', id)
      .execute();
    expect(await recoverStalledDocuments(db, { ...options(), documentId: id })).toEqual([
      { id, outcome: 'failed' },
    ]);
    expect((await getDocumentStatus(db, uploader, id)).failureReason).toBe(
      'The uploaded file is missing; upload it again.',
    );
  });
});
