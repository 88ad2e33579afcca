import { z } from 'zod';
import { CATALOG_LISTS } from '@/courses/catalog-lists';
import type { CatalogNameSuggestion } from '@/courses/suggest-catalog-names';
import { defineContract } from '@/http/contract';

/** Longer than any name may be: text past this cannot be the start of one. */
const TYPED_MAX = 200;

// GET /api/courses/choices?list=institutions&q= – existing institutions or subjects for the text typed so far
export const courseChoicesContract = defineContract({
  method: 'GET',
  path: '/api/courses/choices',
  query: z.object({
    list: z.enum(CATALOG_LISTS, { error: 'list must be institutions or subjects' }),
    q: z
      .string()
      .max(TYPED_MAX, `q must be at most ${TYPED_MAX} characters`)
      .optional()
      .transform((value) => value ?? ''),
  }),
  // A new name shows up within a minute; typing the same letters again costs no request.
  headers: { 'cache-control': 'public, max-age=60' },
  response: z.custom<{ suggestions: CatalogNameSuggestion[] }>(),
});
