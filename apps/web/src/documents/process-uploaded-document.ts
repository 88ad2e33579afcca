import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';
import { AppError } from '@/lib/app-error';
import { extractPdfText } from './extract-pdf-text';

/** Rows per INSERT: three parameters each stays far below PostgreSQL's 65,535. */
const PAGES_PER_INSERT = 500;

/**
 * `gone`: the document was deleted or finished elsewhere meanwhile; `interrupted`: the database
 * failed us, and the document stays `processing` until a retry.
 */
export type ProcessingOutcome = 'ready' | 'failed' | 'gone' | 'interrupted';

/**
 * The background half of an upload: extracts each page's text, stores it (searchable through
 * `document_pages.search_vector`) and makes the document `ready`, or `failed` with the reason
 * the uploader will read. Only a document still `processing` is touched, so a document deleted
 * meanwhile, or finished by another process, stays as it is.
 *
 * Never rejects: it runs after the response has gone. A database error leaves the document
 * `processing`; `recoverStalledDocuments` tries again later.
 */
export async function processUploadedDocument(
  db: Kysely<Database>,
  documentId: number,
  bytes: Uint8Array,
  extract: (bytes: Uint8Array) => Promise<string[]> = extractPdfText,
): Promise<ProcessingOutcome> {
  let pages: string[];
  try {
    pages = await extract(bytes);
  } catch (error) {
    if (!(error instanceof AppError)) console.error(error);
    return recordFailure(
      db,
      documentId,
      error instanceof AppError ? error.message : 'The text of this PDF could not be read.',
    );
  }
  try {
    return await storePages(db, documentId, pages);
  } catch (error) {
    // Every attempt would fail the same way: the file, not the database, is the cause.
    if (isProgramLimitExceeded(error)) return recordFailure(db, documentId, TOO_MANY_WORDS);
    console.error(`Could not store the pages of document ${documentId}:`, error);
    return 'interrupted';
  }
}

/**
 * PostgreSQL's limit on one tsvector (1 MB): the search index holds every distinct word of a
 * document in one (migration 0004), and text within our limits can still hold too many.
 */
const TOO_MANY_WORDS =
  'This PDF holds more distinct words than the search index takes for one document. Split it into parts and upload each.';

function isProgramLimitExceeded(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '54000';
}

async function recordFailure(
  db: Kysely<Database>,
  documentId: number,
  reason: string,
): Promise<ProcessingOutcome> {
  return markFailed(db, documentId, reason).catch((dbError: unknown) => {
    console.error(`Could not record the failure of document ${documentId}:`, dbError);
    return 'interrupted' as const;
  });
}

/**
 * Pages first, then `ready`: the search index (migration 0004's triggers) takes a document in
 * when it turns ready, so it is indexed once, with the text of every page.
 */
async function storePages(
  db: Kysely<Database>,
  documentId: number,
  pages: string[],
): Promise<'ready' | 'gone'> {
  return db.transaction().execute(async (trx) => {
    const processing = await trx
      .selectFrom('documents')
      .select('id')
      .where('id', '=', documentId)
      .where('status', '=', 'processing')
      .forUpdate()
      .executeTakeFirst();
    if (!processing) return 'gone';
    for (let start = 0; start < pages.length; start += PAGES_PER_INSERT) {
      await trx
        .insertInto('document_pages')
        .values(
          pages.slice(start, start + PAGES_PER_INSERT).map((body, index) => ({
            document_id: documentId,
            page_number: start + index + 1,
            body,
          })),
        )
        .execute();
    }
    await trx
      .updateTable('documents')
      .set({
        status: 'ready',
        page_count: pages.length,
        failure_reason: null,
        processing_started_at: null,
        updated_at: sql`now()`,
      })
      .where('id', '=', documentId)
      .execute();
    return 'ready';
  });
}

/**
 * A failed upload gives up its checksum: it is not on Coursepack, so uploading the same file
 * again (once the cause is fixed, or when the cause was ours) is not refused as a duplicate.
 */
export async function markFailed(
  db: Kysely<Database>,
  documentId: number,
  reason: string,
): Promise<'failed' | 'gone'> {
  const updated = await db
    .updateTable('documents')
    .set({
      status: 'failed',
      failure_reason: reason,
      checksum: null,
      processing_started_at: null,
      updated_at: sql`now()`,
    })
    .where('id', '=', documentId)
    .where('status', '=', 'processing')
    .returning('id')
    .executeTakeFirst();
  return updated ? 'failed' : 'gone';
}
