import type { Database, PageTextRun } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import { selectDocumentSummaries } from '@/catalog/document-summary';

/** Pages one request may ask for: the reader asks for the pages around the one in view. */
export const MAX_TEXT_LAYER_PAGES = 10;

export interface PageTextLayer {
  page: number;
  /** Where the page's words are; null when the page was read before positions were stored. */
  runs: PageTextRun[] | null;
}

/**
 * The text layers of pages `from`..`to` of a document anyone may read (published, ready, in a
 * published course), the pages beyond its last left out; `undefined` when there is no such
 * document or `from` is past its last page. At most MAX_TEXT_LAYER_PAGES pages (the caller
 * checks the range).
 */
export async function getPageTextLayers(
  db: Kysely<Database>,
  documentId: number,
  from: number,
  to: number,
): Promise<PageTextLayer[] | undefined> {
  const document = await selectDocumentSummaries(db)
    .clearSelect()
    .select('d.page_count')
    .where('d.id', '=', documentId)
    .executeTakeFirst();
  if (!document || from > document.page_count) return undefined;
  const rows = await db
    .selectFrom('document_pages')
    .select(['page_number', 'text_layer'])
    .where('document_id', '=', documentId)
    .where('page_number', '>=', from)
    .where('page_number', '<=', Math.min(to, from + MAX_TEXT_LAYER_PAGES - 1))
    .orderBy('page_number')
    .execute();
  return rows.map((row) => ({ page: row.page_number, runs: row.text_layer?.runs ?? null }));
}
