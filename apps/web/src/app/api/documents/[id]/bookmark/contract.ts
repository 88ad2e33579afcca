import { z } from 'zod';
import { toggleContracts } from '@/http/toggle-contracts';

// PUT /api/documents/[id]/bookmark – bookmark a document (idempotent); answers { bookmarked }
// DELETE /api/documents/[id]/bookmark – remove the bookmark (idempotent)
// POST /api/documents/[id]/bookmark – the bookmark button's form without JavaScript (intent=on|off)
export const bookmarkContracts = toggleContracts(
  '/api/documents/[id]/bookmark',
  'document',
  z.object({ bookmarked: z.boolean() }),
);
