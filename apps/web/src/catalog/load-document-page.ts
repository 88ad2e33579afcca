import 'server-only';
import { documentPath } from '@/catalog/refs';
import { getDocument } from './get-document';
import { loaderForRef } from './loader-for-ref';

/** Resolves `/documents/{id}-{slug}`. */
export const loadDocumentForRef = loaderForRef(getDocument, (document) => documentPath(document));
