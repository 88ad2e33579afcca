import { getDocumentPageText } from '@/catalog/get-document-page-text';
import { parseDocumentId } from '@/documents/parse-document-id';
import { AppError } from '@/errors/app-error';
import { errorResponse } from '@/http/error-response';
import { getDbNow } from '@/server/server-context';

type Context = { params: Promise<{ id: string; page: string }> };

/**
 * Only published text is served, the same to everyone, and a page's text never changes once
 * stored: caches may keep it a while (unpublishing reaches them within five minutes).
 */
const CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=86400';

// GET /api/documents/[id]/pages/[page]/text – one page's extracted text, as the reader nears it
export async function GET(_request: Request, { params }: Context): Promise<Response> {
  try {
    const { id, page } = await params;
    const documentId = parseDocumentId(id);
    const pageNumber = /^[1-9]\d{0,5}$/.test(page) ? Number(page) : undefined;
    const text =
      pageNumber === undefined
        ? undefined
        : await getDocumentPageText(getDbNow(), documentId, pageNumber);
    if (text === undefined) {
      throw new AppError('not_found', `Document ${documentId} has no page ${page}.`);
    }
    return new Response(text, {
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': CACHE_CONTROL },
    });
  } catch (error) {
    return errorResponse(error);
  }
}
