import 'server-only';
import { notFound, permanentRedirect } from 'next/navigation';
import { cache } from 'react';
import { documentPath, parseRef } from '@/catalog/refs';
import { getDb } from '@/server/server-context';
import { getDocument } from './get-document';

/** Resolves `/documents/{id}-{slug}` like loadCourseForRef. */
export const loadDocumentForRef = cache(async (ref: string) => {
  const parsed = parseRef(ref);
  if (!parsed) notFound();
  const document = await getDocument(await getDb(), parsed.id);
  if (!document) notFound();
  if (parsed.slug !== document.slug) permanentRedirect(documentPath(document));
  return document;
});
