import { getFollowState } from './get-follow-state';
import { markSetter } from './member-mark';
import { requireFollowableCourse } from './require-followable-course';

/** Follows a course (`on`) or stops following it; doing either twice changes nothing. */
export const setFollowing = markSetter({
  table: 'course_follows',
  target: 'course_id',
  require: requireFollowableCourse,
  state: (db, member, courseId) => getFollowState(db, member, courseId),
});
