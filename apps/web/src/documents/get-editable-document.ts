import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import { canEditDocument } from '@/auth/permissions';
import type { Viewer } from '@/auth/viewer';
import { AppError } from '@/errors/app-error';
import { type DocumentWithCourse, requireVisibleDocument } from './find-document-with-course';

/**
 * The document if the viewer may change it (its uploader, the course's owner, an admin). One
 * the viewer may not even see (someone else's upload still processing) is a 404, so its
 * existence is not revealed; a visible one they may not change is 401 (anonymous) or 403.
 */
export async function getEditableDocument(
  db: Kysely<Database>,
  viewer: Viewer | null,
  documentId: number,
): Promise<DocumentWithCourse> {
  const document = await requireVisibleDocument(db, viewer, documentId);
  if (!canEditDocument(viewer, document, document.course)) {
    throw viewer
      ? new AppError(
          'forbidden',
          'Only the member who uploaded this document, the course owner or an admin can change it.',
        )
      : new AppError('unauthorized', 'Sign in to change this document.');
  }
  return document;
}
