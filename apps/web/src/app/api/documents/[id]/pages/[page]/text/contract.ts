import { z } from 'zod';
import { defineContract } from '@/http/contract';
import { idSegment } from '@/http/route-id';

// GET /api/documents/[id]/pages/[page]/text – one page's extracted text, as the reader nears it:
// text/plain, or the JSON error shape (404: no such page, or not published and ready)
export const pageTextContract = defineContract({
  method: 'GET',
  path: '/api/documents/[id]/pages/[page]/text',
  // The page is checked by the handler: its 404 names the document.
  params: z.object({ id: idSegment('document'), page: z.string() }),
});
