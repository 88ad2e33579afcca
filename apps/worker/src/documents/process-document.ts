import type { Database } from '@coursepack/db/schema';
import {
  buildMediaUrl,
  DOCUMENT_THUMBNAIL,
  type MediaDeliveryConfig,
} from '@coursepack/images/build-media-url';
import { type Kysely, sql } from 'kysely';
import { type ExtractedText, extractPdfText, UnreadablePdfError } from './extract-pdf-text';
import { fetchOriginalPdf, MissingOriginalError } from './fetch-original-pdf';
import type { PdfTextLimits } from './pdf-text-limits';

/** Rows per INSERT: four parameters each stays far below PostgreSQL's 65,535. */
const PAGES_PER_INSERT = 500;

export interface DocumentProcessing {
  db: Kysely<Database>;
  /** Where originals are fetched from and the first page's thumbnail is rendered. */
  media: MediaDeliveryConfig;
  /** The web app's upload limit: no stored original is larger. */
  maxBytes: number;
  limits?: PdfTextLimits;
  /** Tests: text from elsewhere than the PDF. */
  extract?: typeof extractPdfText;
}

/**
 * `gone`: the document was deleted, or finished by an earlier attempt: there is nothing to do.
 * A problem that another attempt could solve (the media service or the database is down, the
 * reading process crashed) is thrown, and the queue retries with back-off.
 */
export type ProcessingOutcome =
  | { outcome: 'ready'; pages: number; recognised: number }
  | { outcome: 'failed'; reason: string }
  | { outcome: 'gone' };

/**
 * The job behind every upload: fetches the stored original, reads each page's text (OCR for
 * scanned pages), stores the pages (searchable through `document_pages.search_vector`) and makes
 * the document `ready`, or `failed` with the reason the uploader will read; then renders the
 * first page's thumbnail. Idempotent: only a document still `processing` is touched, so a
 * retried job after a crash, or a document deleted meanwhile, changes nothing twice.
 */
export async function processDocument(
  { db, media, maxBytes, limits, extract = extractPdfText }: DocumentProcessing,
  documentId: number,
): Promise<ProcessingOutcome> {
  const document = await db
    .selectFrom('documents')
    .select(['status', 'media_asset_id', 'language'])
    .where('id', '=', documentId)
    .executeTakeFirst();
  if (document?.status !== 'processing') return { outcome: 'gone' };
  if (!document.media_asset_id) {
    return fail(db, documentId, 'The uploaded file is missing; upload it again.');
  }

  let text: Awaited<ReturnType<typeof extractPdfText>>;
  try {
    const bytes = await fetchOriginalPdf(media, document.media_asset_id, maxBytes);
    text = await extract(bytes, { language: document.language, limits });
  } catch (error) {
    if (error instanceof UnreadablePdfError || error instanceof MissingOriginalError) {
      return fail(db, documentId, error.message);
    }
    throw error;
  }
  let stored: 'ready' | 'gone';
  try {
    stored = await storePages(db, documentId, text);
  } catch (error) {
    // Every attempt would fail the same way: the file, not the database, is the cause.
    if (isProgramLimitExceeded(error)) return fail(db, documentId, TOO_MANY_WORDS);
    throw error;
  }
  if (stored === 'gone') return { outcome: 'gone' };
  await renderThumbnail(media, document.media_asset_id);
  return { outcome: 'ready', pages: text.pages.length, recognised: text.recognised.length };
}

/**
 * The reason a document's uploader reads when every attempt failed for reasons of ours (the
 * worker was killed each time, the media service stayed down): the queue's dead letter.
 */
export const GAVE_UP =
  'Processing this PDF did not finish after several attempts. Delete it and upload the file again; if it happens again, the file may be too complex for us.';

/**
 * PostgreSQL's limit on one tsvector (1 MB): the search index holds every distinct word of a
 * document in one (migration 0004), and text within our limits can still hold too many.
 */
const TOO_MANY_WORDS =
  'This PDF holds more distinct words than the search index takes for one document. Split it into parts and upload each.';

function isProgramLimitExceeded(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '54000';
}

async function fail(
  db: Kysely<Database>,
  documentId: number,
  reason: string,
): Promise<ProcessingOutcome> {
  return (await markFailed(db, documentId, reason)) === 'failed'
    ? { outcome: 'failed', reason }
    : { outcome: 'gone' };
}

/**
 * Pages first, then `ready`, in one transaction: the search index (migration 0004's triggers)
 * takes a document in when it turns ready, so it is indexed once, with the text of every page.
 * Pages an earlier attempt may have left are replaced, never doubled.
 */
async function storePages(
  db: Kysely<Database>,
  documentId: number,
  { pages, runs }: ExtractedText,
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
    await trx.deleteFrom('document_pages').where('document_id', '=', documentId).execute();
    for (let start = 0; start < pages.length; start += PAGES_PER_INSERT) {
      await trx
        .insertInto('document_pages')
        .values(
          pages.slice(start, start + PAGES_PER_INSERT).map((body, index) => {
            const pageRuns = runs?.[start + index];
            return {
              document_id: documentId,
              page_number: start + index + 1,
              body,
              text_layer: pageRuns ? JSON.stringify({ runs: pageRuns }) : null,
            };
          }),
        )
        .execute();
    }
    await trx
      .updateTable('documents')
      .set({
        status: 'ready',
        page_count: pages.length,
        failure_reason: null,
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
    .set({ status: 'failed', failure_reason: reason, checksum: null, updated_at: sql`now()` })
    .where('id', '=', documentId)
    .where('status', '=', 'processing')
    .returning('id')
    .executeTakeFirst();
  return updated ? 'failed' : 'gone';
}

/** What a browser that takes modern formats asks for, so the variant most visitors get is the one rendered. */
const BROWSER_ACCEPT = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';

/**
 * Asks the media service for the document's thumbnail once, so it is derived and cached before
 * the first visitor's card needs it. Best effort: a thumbnail not rendered now is rendered on
 * first view, as any other.
 */
async function renderThumbnail(media: MediaDeliveryConfig, publicId: string): Promise<void> {
  try {
    const response = await fetch(buildMediaUrl(media, publicId, DOCUMENT_THUMBNAIL), {
      headers: { accept: BROWSER_ACCEPT },
      signal: AbortSignal.timeout(30_000),
    });
    await response.arrayBuffer();
  } catch (error) {
    console.warn(`Could not render the thumbnail of ${publicId}: ${String(error)}`);
  }
}
