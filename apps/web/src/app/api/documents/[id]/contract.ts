import { z } from 'zod';
import { documentChangesSchema } from '@/documents/document-input';
import { defineContract } from '@/http/contract';
import { idSegment } from '@/http/route-id';

const params = z.object({ id: idSegment('document') });

// PATCH /api/documents/[id] – change a document's title, description or kind
export const updateDocumentContract = defineContract({
  method: 'PATCH',
  path: '/api/documents/[id]',
  params,
  sameOrigin: true,
  auth: 'optional',
  body: { json: documentChangesSchema },
  response: z.object({
    document: z.object({ id: z.number(), slug: z.string(), href: z.string() }),
  }),
});

// DELETE /api/documents/[id] – delete a document, its pages and its file
export const deleteDocumentContract = defineContract({
  method: 'DELETE',
  path: '/api/documents/[id]',
  params,
  sameOrigin: true,
  auth: 'optional',
  response: z.object({ courseHref: z.string() }),
});
