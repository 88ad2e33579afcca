import { type Database, DOCUMENT_KINDS, type DocumentKind } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import {
  type DocumentSummary,
  selectDocumentSummaries,
  toDocumentSummary,
} from './document-summary';

export interface DocumentGroup {
  kind: DocumentKind;
  documents: DocumentSummary[];
}

/** A course's documents grouped by kind, in the fixed kind order, newest first within a kind. */
export async function listCourseDocuments(
  db: Kysely<Database>,
  courseId: number,
): Promise<DocumentGroup[]> {
  const rows = await selectDocumentSummaries(db)
    .where('d.course_id', '=', courseId)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .execute();
  const documents = rows.map(toDocumentSummary);
  return DOCUMENT_KINDS.map((kind) => ({
    kind,
    documents: documents.filter((document) => document.kind === kind),
  })).filter((group) => group.documents.length > 0);
}
