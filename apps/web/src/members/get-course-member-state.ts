import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import { canEditCourse } from '@/auth/permissions';
import type { Viewer } from '@/auth/viewer';
import { type FollowState, getFollowState } from './get-follow-state';

/** What the course page shows a visitor beside the title: follow state and an edit link. */
export async function getCourseMemberState(
  db: Kysely<Database>,
  viewer: Viewer | null,
  courseId: number,
): Promise<FollowState & { canEdit: boolean }> {
  const [follow, course] = await Promise.all([
    getFollowState(db, viewer, courseId),
    db.selectFrom('courses').where('id', '=', courseId).select('owner_id').executeTakeFirst(),
  ]);
  return { ...follow, canEdit: course !== undefined && canEditCourse(viewer, course) };
}
