import type { Database } from '@coursepack/db/schema';
import { destroyAsset, type MediaApiCredentials } from '@coursepack/images/upload-asset';
import { type Kysely, sql } from 'kysely';
import { isOwnAvatarAsset } from '@/lib/avatar-image';

/**
 * Deletes what a member leaves behind when they delete their account: the documents they
 * uploaded, and the courses they own that hold nobody else's documents. A course that other
 * members contributed to stays (their work is not ours to delete) and loses its owner, so an
 * admin can hand it on. Media files go after the rows are gone: a failed destroy leaves an
 * unreferenced file, never a document pointing at nothing. The avatar file goes too; the
 * user row itself is deleted by better-auth after this.
 */
export async function deleteMemberContent(
  db: Kysely<Database>,
  media: MediaApiCredentials,
  userId: string,
): Promise<{ documents: number; courses: number }> {
  const assets = await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .where('id', '=', userId)
      .select('image')
      .executeTakeFirst();
    const documents = await trx
      .deleteFrom('documents')
      .where('owner_id', '=', userId)
      .returning(['media_asset_id'])
      .execute();
    const courses = await trx
      .deleteFrom('courses as c')
      .where('c.owner_id', '=', userId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('documents as d')
              .whereRef('d.course_id', '=', 'c.id')
              .where(sql<boolean>`d.owner_id IS DISTINCT FROM ${userId}`)
              .select('d.id'),
          ),
        ),
      )
      .returning(['c.cover_asset_id'])
      .execute();
    return {
      counts: { documents: documents.length, courses: courses.length },
      publicIds: [
        ...documents.map((row) => row.media_asset_id),
        ...courses.map((row) => row.cover_asset_id),
        user?.image && isOwnAvatarAsset(user.image, userId) ? user.image : null,
      ].filter((id): id is string => id !== null),
    };
  });
  const results = await Promise.allSettled(
    assets.publicIds.map((publicId) => destroyAsset(media, publicId)),
  );
  for (const result of results) {
    if (result.status === 'rejected') {
      console.warn(`Could not delete a media file of a deleted account: ${String(result.reason)}`);
    }
  }
  return assets.counts;
}
