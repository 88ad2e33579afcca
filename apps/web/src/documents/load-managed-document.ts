import 'server-only';
import { cache } from 'react';
import { getViewer } from '@/auth/get-viewer';
import { canEditDocument } from '@/auth/permissions';
import { parseRef } from '@/catalog/refs';
import { getDb } from '@/server/server-context';
import { type DocumentWithCourse, findDocumentWithCourse } from './find-document-with-course';

export interface ManagedDocument {
  document: DocumentWithCourse;
  canEdit: boolean;
}

/**
 * A document in any state, with whether the viewer may change it; undefined for an unknown id.
 * Callers decide what others may see (canViewDocument). Cached per request, so a page, its
 * metadata and its owner controls share one query.
 */
export const loadManagedDocument = cache(
  async (documentId: number): Promise<ManagedDocument | undefined> => {
    const [document, viewer] = await Promise.all([
      findDocumentWithCourse(await getDb(), documentId),
      getViewer(),
    ]);
    if (!document) return undefined;
    return { document, canEdit: canEditDocument(viewer, document, document.course) };
  },
);

/**
 * `/documents/{id}-{slug}` while its upload is processing or has failed, for those who may change
 * it (they see its state instead of the reader); undefined otherwise, for everyone else.
 */
export async function loadUnfinishedDocument(ref: string): Promise<DocumentWithCourse | undefined> {
  const parsed = parseRef(ref);
  const managed = parsed && (await loadManagedDocument(parsed.id));
  if (!managed?.canEdit || managed.document.status === 'ready') return undefined;
  return managed.document;
}
