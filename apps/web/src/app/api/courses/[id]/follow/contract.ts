import { z } from 'zod';
import { toggleContracts } from '@/http/toggle-contracts';

// PUT /api/courses/[id]/follow – follow a course (idempotent); answers { following, followers }
// DELETE /api/courses/[id]/follow – stop following (idempotent)
// POST /api/courses/[id]/follow – the follow button's form without JavaScript (intent=on|off)
export const followContracts = toggleContracts(
  '/api/courses/[id]/follow',
  'course',
  z.object({ following: z.boolean(), followers: z.number() }),
);
