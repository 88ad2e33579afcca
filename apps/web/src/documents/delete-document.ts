import type { Database } from '@coursepack/db/schema';
import { destroyAsset, type MediaApiCredentials } from '@coursepack/images/upload-asset';
import type { Kysely } from 'kysely';
import type { Viewer } from '@/auth/viewer';
import { coursePath } from '@/lib/refs';
import { getEditableDocument } from './get-editable-document';

/**
 * Deletes a document, its pages and its file (the uploader, the course owner or an admin). The
 * file goes after the row: a failed destroy leaves an unused file, never a document pointing at
 * nothing. Answers where to go next: the document's course.
 */
export async function deleteDocument(
  db: Kysely<Database>,
  media: MediaApiCredentials,
  viewer: Viewer | null,
  documentId: number,
): Promise<{ courseHref: string }> {
  const document = await getEditableDocument(db, viewer, documentId);
  const deleted = await db
    .deleteFrom('documents')
    .where('id', '=', documentId)
    .returning('media_asset_id')
    .executeTakeFirst();
  if (deleted?.media_asset_id) {
    const publicId = deleted.media_asset_id;
    await destroyAsset(media, publicId).catch((error: unknown) => {
      console.warn(`Could not delete the file ${publicId} of a deleted document: ${String(error)}`);
    });
  }
  return { courseHref: coursePath(document.course) };
}
