import type { Database } from '@coursepack/db/schema';
import { enqueue } from '@coursepack/jobs/enqueue';
import { type Kysely, sql } from 'kysely';
import { isOwnAvatarAsset } from '@/members/avatar-image';

/**
 * Deletes what a member leaves behind when they delete their account: the documents they
 * uploaded, and the courses they own that hold nobody else's documents. A course that other
 * members contributed to stays (their work is not ours to delete) and loses its owner, so an
 * admin can hand it on. The deletion of their media files (and the avatar's) is queued in the
 * same transaction: the worker deletes them once the rows are gone, retrying while the media
 * service is away. The user row itself is deleted by better-auth after this.
 */
export async function deleteMemberContent(
  db: Kysely<Database>,
  userId: string,
): Promise<{ documents: number; courses: number }> {
  return db.transaction().execute(async (trx) => {
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
    const publicIds = [
      ...documents.map((row) => row.media_asset_id),
      ...courses.map((row) => row.cover_asset_id),
      user?.image && isOwnAvatarAsset(user.image, userId) ? user.image : null,
    ].filter((id): id is string => id !== null);
    for (const publicId of publicIds) await enqueue(trx, 'destroy-media', { publicId });
    return { documents: documents.length, courses: courses.length };
  });
}
