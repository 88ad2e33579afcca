import { getViewer } from '@/auth/get-viewer';
import { deleteDocument } from '@/documents/delete-document';
import { getEditableDocument } from '@/documents/get-editable-document';
import { parseDocumentId } from '@/documents/parse-document-id';
import { updateDocument } from '@/documents/update-document';
import { assertSameOrigin } from '@/http/assert-same-origin';
import { errorResponse } from '@/http/error-response';
import { readJsonBody } from '@/http/read-json-body';
import { getConfig, getDbNow } from '@/server/server-context';

type Context = { params: Promise<{ id: string }> };

// PATCH /api/documents/[id] – change a document's title, description or kind
export async function PATCH(request: Request, { params }: Context): Promise<Response> {
  try {
    assertSameOrigin(request, getConfig().siteUrl);
    const documentId = parseDocumentId((await params).id);
    const db = getDbNow();
    const viewer = await getViewer();
    // Permission before the body: a stranger's request is answered without reading it.
    await getEditableDocument(db, viewer, documentId);
    const changes = await readJsonBody(request);
    const document = await updateDocument(db, viewer, { documentId, changes });
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
    const result = await deleteDocument(getDbNow(), await getViewer(), documentId);
    return Response.json(result);
  } catch (error) {
    return errorResponse(error);
  }
}
