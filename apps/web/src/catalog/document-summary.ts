import type { Database, DocumentKind } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';

export interface DocumentSummary {
  id: number;
  slug: string;
  title: string;
  description: string;
  kind: DocumentKind;
  pageCount: number;
  sizeBytes: number;
  mediaAssetId: string | null;
  createdAt: Date;
  course: { id: number; slug: string; title: string; code: string | null };
}

/** Documents (`d`) with their course (`c`), in any state; callers choose rows and columns. */
export function selectDocumentsWithCourse(db: Kysely<Database>) {
  return db.selectFrom('documents as d').innerJoin('courses as c', 'c.id', 'd.course_id');
}

/** A document's own fields as the catalogue shows them; a read of one in any state adds to them. */
export const DOCUMENT_FIELDS = [
  'd.id',
  'd.slug',
  'd.title',
  'd.description',
  'd.kind',
  'd.page_count',
  'd.size_bytes',
  'd.media_asset_id',
] as const;

/** Published documents of published courses, with their course; callers filter and order. */
export function selectDocumentSummaries(db: Kysely<Database>) {
  return selectAnyDocumentSummaries(db)
    .where('d.published', '=', true)
    .where('c.published', '=', true)
    .where('d.status', '=', 'ready');
}

/** The summaries' columns of documents in any state: callers check who may see them. */
export function selectAnyDocumentSummaries(db: Kysely<Database>) {
  return selectDocumentsWithCourse(db).select([
    ...DOCUMENT_FIELDS,
    'd.created_at',
    'c.id as course_id',
    'c.slug as course_slug',
    'c.title as course_title',
    'c.code as course_code',
  ]);
}

type DocumentSummaryRow = Awaited<
  ReturnType<ReturnType<typeof selectDocumentSummaries>['execute']>
>[number];

export function toDocumentSummary(row: DocumentSummaryRow): DocumentSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    kind: row.kind,
    pageCount: row.page_count,
    sizeBytes: row.size_bytes,
    mediaAssetId: row.media_asset_id,
    createdAt: row.created_at,
    course: {
      id: row.course_id,
      slug: row.course_slug,
      title: row.course_title,
      code: row.course_code,
    },
  };
}
