import 'server-only';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { getDocument } from '@/catalog/get-document';
import { parseRef } from '@/lib/refs';
import { getDb } from '@/lib/server-context';

/**
 * The document behind `/embed/documents/{id}` (a `{id}-{slug}` ref works too, without the
 * redirect the site does: the frame stays where the embedding page put it). Unknown ids and
 * unpublished documents are `notFound()`.
 */
export const loadEmbeddedDocument = cache(async (ref: string) => {
  const parsed = parseRef(ref);
  if (!parsed) notFound();
  const document = await getDocument(await getDb(), parsed.id);
  if (!document) notFound();
  return document;
});
