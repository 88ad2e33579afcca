import { randomBytes } from 'node:crypto';
import type { Database } from '@coursepack/db/schema';
import { type MediaApiCredentials, uploadAsset } from '@coursepack/images/upload-asset';
import { enqueue } from '@coursepack/jobs/enqueue';
import { type Kysely, sql } from 'kysely';
import type { Viewer } from '@/auth/viewer';
import { AppError } from '@/errors/app-error';
import { checkImageUpload } from '@/media/check-image-upload';
import { getEditableCourse } from './get-editable-course';

/**
 * Replaces a course's cover (the owner or an admin only). Each upload gets a new public id, so
 * caches of the old cover's URLs never serve it for the new one; the old file is destroyed after
 * the row points at the new one, and a failed destroy only leaves an unused file.
 */
export async function uploadCourseCover(
  db: Kysely<Database>,
  media: MediaApiCredentials,
  viewer: Viewer | null,
  input: { courseId: number; file: Uint8Array },
): Promise<{ coverAssetId: string }> {
  const course = await getEditableCourse(db, viewer, input.courseId);
  const { extension } = await checkImageUpload(input.file, 'cover');
  const publicId = `covers/course-${course.id}-${randomBytes(6).toString('hex')}`;
  let stored: string;
  try {
    const asset = await uploadAsset(media, {
      file: input.file,
      filename: `cover.${extension}`,
      publicId,
      resourceType: 'image',
    });
    stored = asset.public_id;
  } catch (error) {
    console.error(error);
    throw new AppError(
      'internal',
      'The media service did not store the cover; try again in a moment.',
    );
  }
  const replaced = course.coverAssetId;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('courses')
      .set({ cover_asset_id: stored, updated_at: sql`now()` })
      .where('id', '=', course.id)
      .execute();
    // The worker deletes the replaced file, retrying while the media service is away.
    if (replaced) await enqueue(trx, 'destroy-media', { publicId: replaced });
  });
  return { coverAssetId: stored };
}
