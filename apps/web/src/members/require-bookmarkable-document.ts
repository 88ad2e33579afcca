import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import { canBookmarkDocument } from '@/auth/permissions';
import type { Viewer } from '@/auth/viewer';
import { findDocumentWithCourse } from '@/documents/find-document-with-course';
import { AppError } from '@/errors/app-error';

/** The signed-in member, if they may bookmark this document: 401 anonymous, 404 hidden. */
export async function requireBookmarkableDocument(
  db: Kysely<Database>,
  viewer: Viewer | null,
  documentId: number,
): Promise<Viewer> {
  if (!viewer) throw new AppError('unauthorized', 'Sign in to bookmark documents.');
  const document = await findDocumentWithCourse(db, documentId);
  if (!document || !canBookmarkDocument(viewer, document, document.course)) {
    throw new AppError('not_found', `There is no document ${documentId}.`);
  }
  return viewer;
}
