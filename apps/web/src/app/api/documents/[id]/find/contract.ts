import { z } from 'zod';
import { defineContract } from '@/http/contract';
import { idSegment } from '@/http/route-id';
import type { FoundInDocument } from '@/reader/find-in-document';
import { MAX_QUERY_LENGTH } from '@/search/parse-search-query';

// GET /api/documents/[id]/find?q= – the pages of one document that match q, with snippets and
// the words to mark on them (find in document); 400 without q, 404 for no such document
export const findInDocumentContract = defineContract({
  method: 'GET',
  path: '/api/documents/[id]/find',
  params: z.object({ id: idSegment('document') }),
  query: z.object({
    q: z
      .string({ error: 'q (the words to find) is required' })
      .max(MAX_QUERY_LENGTH, `q must be at most ${MAX_QUERY_LENGTH} characters`),
  }),
  // Everyone gets the same answer for the same words: browsers and CDNs may reuse it briefly.
  headers: { 'cache-control': 'public, max-age=60, stale-while-revalidate=300' },
  response: z.custom<FoundInDocument>(),
});
