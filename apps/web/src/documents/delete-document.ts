import type { Database } from '@coursepack/db/schema';
import { enqueue } from '@coursepack/jobs/enqueue';
import type { Kysely } from 'kysely';
import type { Viewer } from '@/auth/viewer';
import { coursePath } from '@/catalog/refs';
import { getEditableDocument } from './get-editable-document';

/**
 * Deletes a document and its pages (the uploader, the course owner or an admin), and queues the
 * deletion of its file in the same transaction: the worker deletes the file after the row is
 * gone, retrying while the media service is away, so no document ever points at nothing and no
 * file is forgotten. Answers where to go next: the document's course.
 */
export async function deleteDocument(
  db: Kysely<Database>,
  viewer: Viewer | null,
  documentId: number,
): Promise<{ courseHref: string }> {
  const document = await getEditableDocument(db, viewer, documentId);
  await db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('documents')
      .where('id', '=', documentId)
      .returning('media_asset_id')
      .executeTakeFirst();
    if (deleted?.media_asset_id) {
      await enqueue(trx, 'destroy-media', { publicId: deleted.media_asset_id });
    }
  });
  return { courseHref: coursePath(document.course) };
}
