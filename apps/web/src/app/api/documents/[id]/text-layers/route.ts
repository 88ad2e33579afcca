import { AppError } from '@/errors/app-error';
import { route } from '@/http/route';
import { getPageTextLayers } from '@/reader/get-page-text-layers';
import { getDbNow } from '@/server/server-context';
import { textLayersContract } from './contract';

// GET /api/documents/[id]/text-layers?from=&to= – where the words of pages from..to are
export const GET = route(textLayersContract, async ({ params: { id }, query: { from, to } }) => {
  const pages = await getPageTextLayers(getDbNow(), id, from, to);
  if (!pages) throw new AppError('not_found', `Document ${id} has no page ${from}.`);
  return { pages };
});
