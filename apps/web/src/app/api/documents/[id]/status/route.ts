import { getViewer } from '@/auth/get-viewer';
import { getDocumentStatus } from '@/documents/get-document-status';
import { parseDocumentId } from '@/documents/parse-document-id';
import { errorResponse } from '@/http/error-response';
import { getDbNow } from '@/server/server-context';

type Context = { params: Promise<{ id: string }> };

// GET /api/documents/[id]/status – processing state, polled by the uploader's document page
export async function GET(_request: Request, { params }: Context): Promise<Response> {
  try {
    const documentId = parseDocumentId((await params).id);
    const status = await getDocumentStatus(getDbNow(), await getViewer(), documentId);
    return Response.json(status, { headers: { 'cache-control': 'no-store' } });
  } catch (error) {
    return errorResponse(error);
  }
}
