import type { Database, DocumentStatus } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import type { Viewer } from '@/auth/viewer';
import { requireVisibleDocument } from './find-document-with-course';

export interface DocumentStatusReport {
  status: DocumentStatus;
  pageCount: number;
  failureReason: string | null;
}

/** What the uploader's page polls while a document is processing; others see only ready ones. */
export async function getDocumentStatus(
  db: Kysely<Database>,
  viewer: Viewer | null,
  documentId: number,
): Promise<DocumentStatusReport> {
  const document = await requireVisibleDocument(db, viewer, documentId);
  return {
    status: document.status,
    pageCount: document.page_count,
    failureReason: document.failure_reason,
  };
}
