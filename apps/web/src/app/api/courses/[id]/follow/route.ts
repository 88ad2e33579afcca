import { toggleRoute } from '@/http/toggle-route';
import { setFollowing } from '@/members/set-following';
import { followContracts } from './contract';

const follow = toggleRoute(followContracts, setFollowing, { on: 'followed', off: 'unfollowed' });

// PUT /api/courses/[id]/follow – follow a course (idempotent); answers { following, followers }
export const PUT = follow.PUT;

// DELETE /api/courses/[id]/follow – stop following (idempotent)
export const DELETE = follow.DELETE;

// POST /api/courses/[id]/follow – the follow button's form without JavaScript (intent=on|off)
export const POST = follow.POST;
