import { deleteDocument } from '@/documents/delete-document';
import { getEditableDocument } from '@/documents/get-editable-document';
import { updateDocument } from '@/documents/update-document';
import { route } from '@/http/route';
import { getDbNow } from '@/server/server-context';
import { deleteDocumentContract, updateDocumentContract } from './contract';

// PATCH /api/documents/[id] – change a document's title, description or kind
export const PATCH = route(updateDocumentContract, async ({ params, viewer, readJson }) => {
  const db = getDbNow();
  // Permission before the body: a stranger's request is answered without reading it.
  await getEditableDocument(db, viewer, params.id);
  const changes = await readJson();
  return { document: await updateDocument(db, viewer, { documentId: params.id, changes }) };
});

// DELETE /api/documents/[id] – delete a document, its pages and its file
export const DELETE = route(deleteDocumentContract, ({ params, viewer }) =>
  deleteDocument(getDbNow(), viewer, params.id),
);
