import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import type { Viewer } from '@/auth/viewer';
import { type FollowState, getFollowState } from './get-follow-state';
import { requireFollowableCourse } from './require-followable-course';

/** Stops following a course; unfollowing one not followed changes nothing. */
export async function unfollowCourse(
  db: Kysely<Database>,
  viewer: Viewer | null,
  input: { courseId: number },
): Promise<FollowState> {
  const member = await requireFollowableCourse(db, viewer, input.courseId);
  await db
    .deleteFrom('course_follows')
    .where('user_id', '=', member.id)
    .where('course_id', '=', input.courseId)
    .execute();
  return getFollowState(db, member, input.courseId);
}
