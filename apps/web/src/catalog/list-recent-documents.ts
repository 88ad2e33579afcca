import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import {
  type DocumentSummary,
  selectDocumentSummaries,
  toDocumentSummary,
} from './document-summary';

export async function listRecentDocuments(
  db: Kysely<Database>,
  limit = 8,
): Promise<DocumentSummary[]> {
  const rows = await selectDocumentSummaries(db)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toDocumentSummary);
}
