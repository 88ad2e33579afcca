import { getDocumentStatus } from '@/documents/get-document-status';
import { route } from '@/http/route';
import { getDbNow } from '@/server/server-context';
import { documentStatusContract } from './contract';

// GET /api/documents/[id]/status – processing state, polled by the uploader's document page
export const GET = route(documentStatusContract, ({ params, viewer }) =>
  getDocumentStatus(getDbNow(), viewer, params.id),
);
