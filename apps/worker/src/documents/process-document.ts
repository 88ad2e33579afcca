import type { Database, PageTextRun } from '@coursepack/db/schema';
import {
  buildMediaUrl,
  DOCUMENT_THUMBNAIL,
  type MediaDeliveryConfig,
} from '@coursepack/images/build-media-url';
import { enqueue } from '@coursepack/jobs/enqueue';
import type { ReadingProgress } from '@coursepack/jobs/queues';
import { type Kysely, sql } from 'kysely';
import { type ExtractedText, extractPdfText, UnreadablePdfError } from './extract-pdf-text';
import { fetchOriginalPdf, MissingOriginalError } from './fetch-original-pdf';
import { PDF_TEXT_LIMITS, type PdfTextLimits } from './pdf-text-limits';
import { firstSlice, type ReadingSlice } from './reading-slice';

/** Rows per INSERT: four parameters each stays far below PostgreSQL's 65,535. */
const PAGES_PER_INSERT = 500;

export interface DocumentProcessing {
  db: Kysely<Database>;
  /** Where originals are fetched from and the first page's thumbnail is rendered. */
  media: MediaDeliveryConfig;
  /** The web app's upload limit: no stored original is larger. */
  maxBytes: number;
  limits?: PdfTextLimits;
  /** Reading time one document may take, every slice together (WORKER_DOCUMENT_TIMEOUT_MS). */
  documentTimeoutMs?: number;
  /** Tests: text from elsewhere than the PDF. */
  extract?: typeof extractPdfText;
}

/**
 * `gone`: the document was deleted, or finished by an earlier attempt: there is nothing to do.
 * A problem that another attempt could solve (the media service or the database is down, the
 * reading process crashed) is thrown, and the queue retries with back-off.
 */
export type ProcessingOutcome =
  | { outcome: 'ready'; pages: number; recognised: number; timedOut: boolean }
  | { outcome: 'read'; fromPage: number; next: number | undefined; pages: number }
  | { outcome: 'failed'; reason: string }
  | { outcome: 'gone' };

/** WORKER_DOCUMENT_TIMEOUT_MS's default: a genuine 2,000-page textbook reads in about 10 s. */
export const DEFAULT_DOCUMENT_TIMEOUT_MS = 10 * 60_000;

/**
 * The job behind every upload: fetches the stored original, reads each page's text (OCR for
 * scanned pages), stores the pages (searchable through `document_pages.search_vector`) and makes
 * the document `ready`, or `failed` with the reason the uploader will read; then renders the
 * first page's thumbnail. One slice at a time: when the reading's turn (`limits.sliceMs`) ends
 * with pages left, the pages read are stored and the rest goes to a new job, behind the other
 * members' documents (`resume`, enqueue.ts's fair priority). Past `documentTimeoutMs` of reading
 * in all, the document is ready with the pages read, and a note on the first page left unread.
 * Idempotent: only a document still `processing` is touched, so a retried job after a crash,
 * or a document deleted meanwhile, changes nothing twice.
 */
export async function processDocument(
  {
    db,
    media,
    maxBytes,
    limits = PDF_TEXT_LIMITS,
    documentTimeoutMs = DEFAULT_DOCUMENT_TIMEOUT_MS,
    extract = extractPdfText,
  }: DocumentProcessing,
  documentId: number,
  resume?: ReadingProgress,
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

  const spentBefore = resume?.spentMs ?? 0;
  const stopAfterMs = Math.max(0, Math.min(limits.sliceMs, documentTimeoutMs - spentBefore));
  const slice: ReadingSlice = resume ? { ...resume, stopAfterMs } : firstSlice(limits, stopAfterMs);
  const startedAt = performance.now();
  let text: ExtractedText;
  try {
    const bytes = await fetchOriginalPdf(media, document.media_asset_id, maxBytes);
    text = await extract(bytes, { language: document.language, limits, slice });
  } catch (error) {
    if (error instanceof UnreadablePdfError || error instanceof MissingOriginalError) {
      return fail(db, documentId, error.message);
    }
    throw error;
  }
  const spentMs = spentBefore + Math.round(performance.now() - startedAt);
  const { fromPage } = slice;
  const pageCount = text.pageCount ?? fromPage - 1 + text.pages.length;
  const pending = text.carry?.ocrPending ?? [];
  const finished = text.next === undefined && pending.length === 0;
  const timedOut = !finished && spentMs >= documentTimeoutMs;
  // By page: the time limit's note may fall on a page this slice read and left for OCR.
  const rows = new Map<number, PageRow>();
  const put = (row: PageRow) => rows.set(row.page, row);
  text.pages.forEach((body, index) => {
    put({ page: fromPage + index, body, runs: text.runs?.[index] });
  });
  for (const { page, text: body, runs } of text.earlier ?? []) put({ page, body, runs });
  if (timedOut) unreadRows(text.next, pending, pageCount, documentTimeoutMs).forEach(put);
  const continuation: ReadingProgress | undefined =
    !finished && !timedOut && text.carry
      ? { fromPage: text.next ?? pageCount + 1, spentMs, ...text.carry }
      : undefined;
  let stored: 'ready' | 'read' | 'gone';
  try {
    stored = await storePages(db, documentId, {
      fromPage,
      rows: [...rows.values()],
      pageCount,
      continuation,
    });
  } catch (error) {
    // Every attempt would fail the same way: the file, not the database, is the cause.
    if (isProgramLimitExceeded(error)) return fail(db, documentId, TOO_MANY_WORDS);
    throw error;
  }
  if (stored === 'gone') return { outcome: 'gone' };
  if (stored === 'read') return { outcome: 'read', fromPage, next: text.next, pages: pageCount };
  await renderThumbnail(media, document.media_asset_id);
  const recognised = text.carry
    ? limits.maxOcrPages - text.carry.ocrLeft - pending.length
    : text.recognised.length;
  return { outcome: 'ready', pages: pageCount, recognised, timedOut };
}

interface PageRow {
  page: number;
  body: string;
  runs: PageTextRun[] | undefined;
}

/**
 * A reading stopped by the document's time limit: a note on the first page neither read nor
 * recognised (readers and search see it, as they see a cut text's), and the pages whose text was
 * never read empty: shown, not searchable. Pages waiting for OCR keep the empty text they have.
 */
function unreadRows(
  next: number | undefined,
  pending: number[],
  pageCount: number,
  documentTimeoutMs: number,
): PageRow[] {
  const firstUnread = Math.min(next ?? pageCount + 1, pending[0] ?? pageCount + 1);
  const note = `[Text not read: Coursepack spends at most ${describeDuration(documentTimeoutMs)} reading one document; this page and the later ones are shown but not searchable.]`;
  const rows: PageRow[] = [{ page: firstUnread, body: note, runs: [] }];
  for (let page = next ?? pageCount + 1; page <= pageCount; page += 1) {
    if (page !== firstUnread) rows.push({ page, body: '', runs: [] });
  }
  return rows;
}

function describeDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 120) return `${seconds} seconds`;
  return `${Math.round(seconds / 60)} minutes`;
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

interface SlicePages {
  /** The first page whose text the slice read: stored pages from it on are replaced. */
  fromPage: number;
  /** Those pages, and pages of earlier slices recognised by OCR in this one. */
  rows: PageRow[];
  pageCount: number;
  /** Where the next slice starts; absent: the document is complete. */
  continuation?: ReadingProgress;
}

/**
 * A slice's pages, then `ready` (or the job of the next slice), in one transaction: the search
 * index (migration 0004's triggers) takes a document in when it turns ready, so it is indexed
 * once, with the text of every page. Pages an earlier attempt may have left are replaced, never
 * doubled.
 */
async function storePages(
  db: Kysely<Database>,
  documentId: number,
  { fromPage, rows, pageCount, continuation }: SlicePages,
): Promise<'ready' | 'read' | 'gone'> {
  return db.transaction().execute(async (trx) => {
    const processing = await trx
      .selectFrom('documents')
      .select('id')
      .where('id', '=', documentId)
      .where('status', '=', 'processing')
      .forUpdate()
      .executeTakeFirst();
    if (!processing) return 'gone';
    const earlier = rows.filter((row) => row.page < fromPage).map((row) => row.page);
    await trx
      .deleteFrom('document_pages')
      .where('document_id', '=', documentId)
      .where((eb) =>
        earlier.length > 0
          ? eb.or([eb('page_number', '>=', fromPage), eb('page_number', 'in', earlier)])
          : eb('page_number', '>=', fromPage),
      )
      .execute();
    for (let start = 0; start < rows.length; start += PAGES_PER_INSERT) {
      await trx
        .insertInto('document_pages')
        .values(
          rows.slice(start, start + PAGES_PER_INSERT).map(({ page, body, runs }) => ({
            document_id: documentId,
            page_number: page,
            body,
            text_layer: runs ? JSON.stringify({ runs }) : null,
          })),
        )
        .execute();
    }
    if (continuation) {
      await enqueue(trx, 'process-document', { documentId, resume: continuation });
      return 'read';
    }
    await trx
      .updateTable('documents')
      .set({
        status: 'ready',
        page_count: pageCount,
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
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('documents')
      .set({ status: 'failed', failure_reason: reason, checksum: null, updated_at: sql`now()` })
      .where('id', '=', documentId)
      .where('status', '=', 'processing')
      .returning('id')
      .executeTakeFirst();
    if (!updated) return 'gone';
    // The pages earlier turns stored: nothing of a failed document is kept.
    await trx.deleteFrom('document_pages').where('document_id', '=', documentId).execute();
    return 'failed';
  });
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
