import { z } from 'zod';
import { defineContract } from '@/http/contract';
import { MAX_QUERY_LENGTH } from '@/search/parse-search-query';
import type { TitleSuggestions } from '@/search/suggest-titles';

// GET /api/search/suggest?q= – course and document titles for the text typed so far
export const suggestContract = defineContract({
  method: 'GET',
  path: '/api/search/suggest',
  query: z.object({
    q: z
      .string({ error: 'q (the text typed so far) is required' })
      .max(MAX_QUERY_LENGTH, `q must be at most ${MAX_QUERY_LENGTH} characters`),
  }),
  // Everyone gets the same answer for the same text: let browsers and CDNs reuse it briefly.
  headers: { 'cache-control': 'public, max-age=60, stale-while-revalidate=300' },
  response: z.custom<TitleSuggestions>(),
});
