import { z } from 'zod';
import type { DocumentStatusReport } from '@/documents/get-document-status';
import { defineContract } from '@/http/contract';
import { idSegment } from '@/http/route-id';

// GET /api/documents/[id]/status – processing state, polled by the uploader's document page
export const documentStatusContract = defineContract({
  method: 'GET',
  path: '/api/documents/[id]/status',
  params: z.object({ id: idSegment('document') }),
  auth: 'optional',
  headers: { 'cache-control': 'no-store' },
  response: z.custom<DocumentStatusReport>(),
});
