import type { Insertable, Kysely } from 'kysely';
import type { Database, DocumentPagesTable } from '../schema';

/** A page as a test says it: its text, or its text and whatever else matters (its text layer). */
export type PageFields =
  | string
  | Omit<Insertable<DocumentPagesTable>, 'document_id' | 'page_number'>;

/** Stores a document's pages, numbered from 1 in the order given. */
export async function insertDocumentPages(
  db: Kysely<Database>,
  documentId: number,
  pages: PageFields[],
): Promise<void> {
  await db
    .insertInto('document_pages')
    .values(
      pages.map((page, index) => ({
        document_id: documentId,
        page_number: index + 1,
        ...(typeof page === 'string' ? { body: page } : page),
      })),
    )
    .execute();
}
