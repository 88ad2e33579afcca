import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import {
  type DocumentSummary,
  selectDocumentSummaries,
  toDocumentSummary,
} from './document-summary';

export interface DocumentPage {
  number: number;
  text: string;
}

export interface DocumentWithPages extends DocumentSummary {
  language: string;
  updatedAt: Date;
  pages: DocumentPage[];
}

export async function getDocument(
  db: Kysely<Database>,
  id: number,
): Promise<DocumentWithPages | undefined> {
  const row = await selectDocumentSummaries(db)
    .select(['d.language', 'd.updated_at'])
    .where('d.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const pages = await db
    .selectFrom('document_pages')
    .select(['page_number', 'body'])
    .where('document_id', '=', id)
    .orderBy('page_number')
    .execute();
  return {
    ...toDocumentSummary(row),
    language: row.language,
    updatedAt: row.updated_at,
    pages: pages.map((page) => ({ number: page.page_number, text: page.body })),
  };
}
