import { getViewer } from '@/auth/get-viewer';
import { deleteDocument } from '@/documents/delete-document';
import { parseDocumentId } from '@/documents/parse-document-id';
import { updateDocument } from '@/documents/update-document';
import { AppError, errorResponse } from '@/lib/app-error';
import { assertSameOrigin } from '@/lib/assert-same-origin';
import { getConfig, getDbNow } from '@/lib/server-context';

type Context = { params: Promise<{ id: string }> };

// PATCH /api/documents/[id] – change a document's title, description or kind
export async function PATCH(request: Request, { params }: Context): Promise<Response> {
  try {
    assertSameOrigin(request, getConfig().siteUrl);
    const documentId = parseDocumentId((await params).id);
    const changes: unknown = await request.json().catch(() => {
      throw new AppError('bad_request', 'Send the changes as a JSON object.');
    });
    const document = await updateDocument(getDbNow(), await getViewer(), { documentId, changes });
    return Response.json({ document });
  } catch (error) {
    return errorResponse(error);
  }
}

// DELETE /api/documents/[id] – delete a document, its pages and its file
export async function DELETE(request: Request, { params }: Context): Promise<Response> {
  try {
    const config = getConfig();
    assertSameOrigin(request, config.siteUrl);
    const documentId = parseDocumentId((await params).id);
    const result = await deleteDocument(getDbNow(), config.mediaApi, await getViewer(), documentId);
    return Response.json(result);
  } catch (error) {
    return errorResponse(error);
  }
}
