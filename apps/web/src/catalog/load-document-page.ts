import 'server-only';
import { getViewer } from '@/auth/get-viewer';
import { documentPath } from '@/catalog/refs';
import { getViewableDocument } from './get-document';
import { loaderForRef } from './loader-for-ref';

/** Resolves `/documents/{id}-{slug}`: a draft too, for those who may see it. */
export const loadDocumentForRef = loaderForRef(
  async (db, id) => getViewableDocument(db, await getViewer(), id),
  (document) => documentPath(document),
);
