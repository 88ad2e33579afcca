import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import {
  type DocumentSummary,
  selectDocumentSummaries,
  toDocumentSummary,
} from './document-summary';

export interface DocumentDetail extends DocumentSummary {
  language: string;
  updatedAt: Date;
  /**
   * The first page's text only: the page sends it for search engines and as page 1's text
   * layer; every other page's text loads when the reader nears it (getDocumentPageText).
   */
  firstPageText: string;
}

export async function getDocument(
  db: Kysely<Database>,
  id: number,
): Promise<DocumentDetail | undefined> {
  const row = await selectDocumentSummaries(db)
    .leftJoin('document_pages as p', (join) =>
      join.onRef('p.document_id', '=', 'd.id').on('p.page_number', '=', 1),
    )
    .select(['d.language', 'd.updated_at', 'p.body as first_page_text'])
    .where('d.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...toDocumentSummary(row),
    language: row.language,
    updatedAt: row.updated_at,
    firstPageText: row.first_page_text ?? '',
  };
}
