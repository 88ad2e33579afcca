import { randomBytes } from 'node:crypto';
import type { Database } from '@coursepack/db/schema';
import { type MediaApiCredentials, uploadAsset } from '@coursepack/images/upload-asset';
import { enqueue } from '@coursepack/jobs/enqueue';
import { type Kysely, sql } from 'kysely';
import type { Viewer } from '@/auth/viewer';
import { AppError } from '@/errors/app-error';
import { checkImageUpload } from '@/media/check-image-upload';
import { avatarAssetPrefix, isOwnAvatarAsset } from '@/members/avatar-image';

/**
 * Stores a new avatar for the signed-in member through the media service and points
 * `users.image` at it; the previous avatar file is destroyed (an OAuth picture URL is left alone).
 */
export async function uploadAvatar(
  db: Kysely<Database>,
  media: MediaApiCredentials,
  viewer: Viewer | null,
  input: { file: Uint8Array },
): Promise<{ image: string }> {
  if (!viewer) throw new AppError('unauthorized', 'Sign in to change your avatar.');
  const { extension } = await checkImageUpload(input.file, 'avatar');
  let stored: string;
  try {
    const asset = await uploadAsset(media, {
      file: input.file,
      filename: `avatar.${extension}`,
      publicId: `${avatarAssetPrefix(viewer.id)}${randomBytes(6).toString('hex')}`,
      resourceType: 'image',
    });
    stored = asset.public_id;
  } catch (error) {
    console.error(error);
    throw new AppError('internal', 'The media service did not store the avatar; try again.');
  }
  await db.transaction().execute(async (trx) => {
    const previous = await trx
      .selectFrom('users')
      .where('id', '=', viewer.id)
      .select('image')
      .forUpdate()
      .executeTakeFirst();
    await trx
      .updateTable('users')
      .set({ image: stored, updated_at: sql`now()` })
      .where('id', '=', viewer.id)
      .execute();
    // The worker deletes the replaced file, retrying while the media service is away.
    if (previous?.image && isOwnAvatarAsset(previous.image, viewer.id)) {
      await enqueue(trx, 'destroy-media', { publicId: previous.image });
    }
  });
  return { image: stored };
}
