import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import type { Viewer } from '@/auth/viewer';
import { type FollowState, getFollowState } from './get-follow-state';
import { requireFollowableCourse } from './require-followable-course';

/** Follows a course; following it again changes nothing. */
export async function followCourse(
  db: Kysely<Database>,
  viewer: Viewer | null,
  input: { courseId: number },
): Promise<FollowState> {
  const member = await requireFollowableCourse(db, viewer, input.courseId);
  await db
    .insertInto('course_follows')
    .values({ user_id: member.id, course_id: input.courseId })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return getFollowState(db, member, input.courseId);
}
