import { randomBytes } from 'node:crypto';
import type { Database } from '@coursepack/db/schema';
import {
  destroyAsset,
  type MediaApiCredentials,
  uploadAsset,
} from '@coursepack/images/upload-asset';
import { type Kysely, sql } from 'kysely';
import type { Viewer } from '@/auth/viewer';
import { AppError } from '@/lib/app-error';
import { avatarAssetPrefix, isOwnAvatarAsset } from '@/lib/avatar-image';
import { checkImageUpload } from '@/lib/check-image-upload';

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
  const previous = await db
    .selectFrom('users')
    .where('id', '=', viewer.id)
    .select('image')
    .executeTakeFirst();
  await db
    .updateTable('users')
    .set({ image: stored, updated_at: sql`now()` })
    .where('id', '=', viewer.id)
    .execute();
  if (previous?.image && isOwnAvatarAsset(previous.image, viewer.id)) {
    await destroyAsset(media, previous.image).catch((error: unknown) => {
      console.warn(`Could not delete the replaced avatar ${previous.image}: ${String(error)}`);
    });
  }
  return { image: stored };
}
