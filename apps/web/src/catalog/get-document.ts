import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import { canViewDocument } from '@/auth/permissions';
import type { Viewer } from '@/auth/viewer';
import {
  type DocumentSummary,
  selectAnyDocumentSummaries,
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

/** A published, ready document of a published course: what everyone may read. */
export async function getDocument(
  db: Kysely<Database>,
  id: number,
): Promise<DocumentDetail | undefined> {
  const row = await selectDetail(selectDocumentSummaries(db), id).executeTakeFirst();
  return row && toDocumentDetail(row);
}

/**
 * The document if this viewer may read it: everyone a published one, its uploader, its course's
 * owner and admins also one that is unpublished or in a draft course (canViewDocument).
 */
export async function getViewableDocument(
  db: Kysely<Database>,
  viewer: Viewer | null,
  id: number,
): Promise<DocumentDetail | undefined> {
  const row = await selectDetail(selectAnyDocumentSummaries(db), id)
    .select([
      'd.published',
      'd.status',
      'd.owner_id',
      'c.published as course_published',
      'c.owner_id as course_owner_id',
    ])
    .executeTakeFirst();
  if (!row) return undefined;
  const course = { published: row.course_published, owner_id: row.course_owner_id };
  return canViewDocument(viewer, row, course) ? toDocumentDetail(row) : undefined;
}

function selectDetail(summaries: ReturnType<typeof selectAnyDocumentSummaries>, id: number) {
  return summaries
    .leftJoin('document_pages as p', (join) =>
      join.onRef('p.document_id', '=', 'd.id').on('p.page_number', '=', 1),
    )
    .select(['d.language', 'd.updated_at', 'p.body as first_page_text'])
    .where('d.id', '=', id);
}

type DetailRow = Awaited<ReturnType<ReturnType<typeof selectDetail>['executeTakeFirstOrThrow']>>;

function toDocumentDetail(row: DetailRow): DocumentDetail {
  return {
    ...toDocumentSummary(row),
    language: row.language,
    updatedAt: row.updated_at,
    firstPageText: row.first_page_text ?? '',
  };
}
