import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import { selectDocumentSummaries } from './document-summary';

/**
 * The text of one page of a document anyone may read (published, ready, in a published
 * course), or `undefined`: what a document page loads as the reader nears each page.
 */
export async function getDocumentPageText(
  db: Kysely<Database>,
  documentId: number,
  pageNumber: number,
): Promise<string | undefined> {
  const row = await selectDocumentSummaries(db)
    .clearSelect()
    .innerJoin('document_pages as p', 'p.document_id', 'd.id')
    .select('p.body')
    .where('d.id', '=', documentId)
    .where('p.page_number', '=', pageNumber)
    .executeTakeFirst();
  return row?.body;
}
