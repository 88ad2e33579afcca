import { noSuchIdMessage } from '@/catalog/refs';
import { AppError } from '@/errors/app-error';
import { route } from '@/http/route';
import { findInDocument } from '@/reader/find-in-document';
import { getDbNow } from '@/server/server-context';
import { findInDocumentContract } from './contract';

// GET /api/documents/[id]/find?q= – the pages of one document that match q
export const GET = route(findInDocumentContract, async ({ params: { id }, query: { q } }) => {
  const found = await findInDocument(getDbNow(), id, q);
  if (!found) throw new AppError('not_found', noSuchIdMessage('document', String(id)));
  return found;
});
