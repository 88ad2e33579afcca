import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import type { Viewer } from '@/auth/viewer';
import { countCourseFollowers } from './count-course-followers';

export interface FollowState {
  following: boolean;
  followers: number;
}

/** What the follow button shows: the course's follower count and whether the viewer is one. */
export async function getFollowState(
  db: Kysely<Database>,
  viewer: Viewer | null,
  courseId: number,
): Promise<FollowState> {
  const [followers, row] = await Promise.all([
    countCourseFollowers(db, courseId),
    viewer
      ? db
          .selectFrom('course_follows')
          .where('course_id', '=', courseId)
          .where('user_id', '=', viewer.id)
          .select('course_id')
          .executeTakeFirst()
      : undefined,
  ]);
  return { following: row !== undefined, followers };
}
