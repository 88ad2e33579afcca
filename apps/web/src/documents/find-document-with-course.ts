import type { Database, DocumentKind, DocumentStatus } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import { canViewDocument } from '@/auth/permissions';
import type { Viewer } from '@/auth/viewer';
import { DOCUMENT_FIELDS, selectDocumentsWithCourse } from '@/catalog/document-summary';
import { AppError } from '@/errors/app-error';

/** A document in any state, with what the permission predicates need to know of its course. */
export interface DocumentWithCourse {
  id: number;
  slug: string;
  title: string;
  description: string;
  kind: DocumentKind;
  status: DocumentStatus;
  failure_reason: string | null;
  page_count: number;
  size_bytes: number;
  media_asset_id: string | null;
  owner_id: string | null;
  published: boolean;
  course: { id: number; slug: string; title: string; owner_id: string | null; published: boolean };
}

/** Unlike the catalogue's reads, also unpublished and unfinished documents: callers check who asks. */
export async function findDocumentWithCourse(
  db: Kysely<Database>,
  id: number,
): Promise<DocumentWithCourse | undefined> {
  const row = await selectDocumentsWithCourse(db)
    .where('d.id', '=', id)
    .select([
      ...DOCUMENT_FIELDS,
      'd.status',
      'd.failure_reason',
      'd.owner_id',
      'd.published',
      'c.id as course_id',
      'c.slug as course_slug',
      'c.title as course_title',
      'c.owner_id as course_owner_id',
      'c.published as course_published',
    ])
    .executeTakeFirst();
  if (!row) return undefined;
  const { course_id, course_slug, course_title, course_owner_id, course_published, ...document } =
    row;
  return {
    ...document,
    course: {
      id: course_id,
      slug: course_slug,
      title: course_title,
      owner_id: course_owner_id,
      published: course_published,
    },
  };
}

/**
 * The document in any state if the viewer may see it; a 404 otherwise, so that one they may not
 * see (someone else's upload still processing) is not revealed to exist.
 */
export async function requireVisibleDocument(
  db: Kysely<Database>,
  viewer: Viewer | null,
  documentId: number,
): Promise<DocumentWithCourse> {
  const document = await findDocumentWithCourse(db, documentId);
  if (!document || !canViewDocument(viewer, document, document.course)) {
    throw new AppError('not_found', `There is no document ${documentId}.`);
  }
  return document;
}
