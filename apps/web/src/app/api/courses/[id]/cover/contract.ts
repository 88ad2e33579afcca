import { z } from 'zod';
import { defineContract } from '@/http/contract';
import { idSegment } from '@/http/route-id';

// POST /api/courses/[id]/cover – replace a course's cover image (multipart field "file")
export const uploadCoverContract = defineContract({
  method: 'POST',
  path: '/api/courses/[id]/cover',
  params: z.object({ id: idSegment('course') }),
  sameOrigin: true,
  auth: 'optional',
  body: { form: true },
  response: z.object({ coverAssetId: z.string(), coverUrl: z.string().nullable() }),
});
