import { getDocumentPageText } from '@/catalog/get-document-page-text';
import { AppError } from '@/errors/app-error';
import { route } from '@/http/route';
import { getDbNow } from '@/server/server-context';
import { pageTextContract } from './contract';

/**
 * Only published text is served, the same to everyone, and a page's text never changes once
 * stored: caches may keep it a while (unpublishing reaches them within five minutes).
 */
const CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=86400';

// GET /api/documents/[id]/pages/[page]/text – one page's extracted text, as the reader nears it
export const GET = route(pageTextContract, async ({ params: { id, page } }) => {
  const pageNumber = /^[1-9]\d{0,5}$/.test(page) ? Number(page) : undefined;
  const text =
    pageNumber === undefined ? undefined : await getDocumentPageText(getDbNow(), id, pageNumber);
  if (text === undefined) throw new AppError('not_found', `Document ${id} has no page ${page}.`);
  return new Response(text, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': CACHE_CONTROL },
  });
});
