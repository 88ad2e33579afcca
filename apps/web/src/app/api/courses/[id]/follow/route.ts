import { toggleRoute } from '@/http/toggle-route';
import { followCourse } from '@/members/follow-course';
import { unfollowCourse } from '@/members/unfollow-course';
import { followContracts } from './contract';

const follow = toggleRoute(followContracts, {
  on: (db, viewer, courseId) => followCourse(db, viewer, { courseId }),
  off: (db, viewer, courseId) => unfollowCourse(db, viewer, { courseId }),
});

// PUT /api/courses/[id]/follow – follow a course (idempotent); answers { following, followers }
export const PUT = follow.PUT;

// DELETE /api/courses/[id]/follow – stop following (idempotent)
export const DELETE = follow.DELETE;

// POST /api/courses/[id]/follow – the follow button's form without JavaScript (intent=on|off)
export const POST = follow.POST;
