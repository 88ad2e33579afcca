import { z } from 'zod';
import { defineContract } from '@/http/contract';

// POST /api/account/avatar – replace the signed-in member's avatar (multipart field "file")
export const uploadAvatarContract = defineContract({
  method: 'POST',
  path: '/api/account/avatar',
  sameOrigin: true,
  // Before the body is read: an anonymous upload costs us nothing.
  auth: 'viewer',
  unauthorized: 'Sign in to change your avatar.',
  body: { form: true },
  response: z.object({ image: z.string(), avatarUrl: z.string().nullable() }),
});
