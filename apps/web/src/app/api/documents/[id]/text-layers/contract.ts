import { z } from 'zod';
import { defineContract } from '@/http/contract';
import { idSegment } from '@/http/route-id';
import { MAX_TEXT_LAYER_PAGES, type PageTextLayer } from '@/reader/get-page-text-layers';

const pageNumber = (name: string) =>
  z
    .string({ error: `${name} (a page number) is required` })
    .regex(/^[1-9]\d{0,5}$/, `${name} must be a page number (1 or more)`)
    .transform(Number);

// GET /api/documents/[id]/text-layers?from=&to= – where the words of pages from..to are, for the
// reader's text layer and highlights (at most MAX_TEXT_LAYER_PAGES pages; `to` defaults to
// `from`); 400 naming a bad parameter, 404 for no such document or page
export const textLayersContract = defineContract({
  method: 'GET',
  path: '/api/documents/[id]/text-layers',
  params: z.object({ id: idSegment('document') }),
  query: z
    .object({ from: pageNumber('from'), to: pageNumber('to').optional() })
    .transform(({ from, to = from }) => ({ from, to }))
    .refine(({ from, to }) => to >= from, { message: 'to must not be before from', path: ['to'] })
    .refine(({ from, to }) => to - from < MAX_TEXT_LAYER_PAGES, {
      message: `at most ${MAX_TEXT_LAYER_PAGES} pages at a time (from..to)`,
      path: ['to'],
    }),
  // Published text only, the same for everyone; it changes only when a document is read again.
  headers: { 'cache-control': 'public, max-age=300, stale-while-revalidate=86400' },
  response: z.custom<{ pages: PageTextLayer[] }>(),
});
