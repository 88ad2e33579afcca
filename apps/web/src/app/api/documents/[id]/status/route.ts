import { after } from 'next/server';
import { getViewer } from '@/auth/get-viewer';
import { getDocumentStatus } from '@/documents/get-document-status';
import { parseDocumentId } from '@/documents/parse-document-id';
import { recoverStalledDocuments, recoveryOptions } from '@/documents/recover-stalled-documents';
import { errorResponse } from '@/lib/app-error';
import { getConfig, getDbNow } from '@/lib/server-context';

type Context = { params: Promise<{ id: string }> };

// GET /api/documents/[id]/status – processing state, polled by the uploader's document page
export async function GET(_request: Request, { params }: Context): Promise<Response> {
  try {
    const db = getDbNow();
    const documentId = parseDocumentId((await params).id);
    const status = await getDocumentStatus(db, await getViewer(), documentId);
    if (status.status === 'processing') {
      // Someone is waiting for this one: if the process working on it died, take it over.
      after(() =>
        recoverStalledDocuments(db, { ...recoveryOptions(getConfig()), documentId }).catch(
          (error: unknown) => console.error(error),
        ),
      );
    }
    return Response.json(status, { headers: { 'cache-control': 'no-store' } });
  } catch (error) {
    return errorResponse(error);
  }
}
