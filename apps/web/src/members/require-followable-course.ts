import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import { canFollowCourse } from '@/auth/permissions';
import type { Viewer } from '@/auth/viewer';
import { AppError } from '@/errors/app-error';

/**
 * The signed-in member, if they may follow this course: 401 when anonymous, 404 when the course
 * does not exist or is hidden from them (so a draft's existence is not revealed).
 */
export async function requireFollowableCourse(
  db: Kysely<Database>,
  viewer: Viewer | null,
  courseId: number,
): Promise<Viewer> {
  if (!viewer) throw new AppError('unauthorized', 'Sign in to follow courses.');
  const course = await db
    .selectFrom('courses')
    .where('id', '=', courseId)
    .select(['owner_id', 'published'])
    .executeTakeFirst();
  if (!course || !canFollowCourse(viewer, course)) {
    throw new AppError('not_found', `There is no course ${courseId}.`);
  }
  return viewer;
}
