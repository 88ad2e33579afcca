import 'server-only';
import { cache } from 'react';
import { type DocumentDetail, getDocument } from '@/catalog/get-document';
import { parseRef } from '@/catalog/refs';
import { getDb } from '@/server/server-context';

/**
 * The published document behind `/embed/documents/{id}` (a `{id}-{slug}` ref works too, without
 * the redirect the site does: the frame stays where the embedding page put it), or `undefined`.
 * It does not call `notFound()` itself: thrown from `generateMetadata`, that renders the root
 * not-found page (the site's, with its header) instead of the embed's.
 */
export const findEmbeddedDocument = cache(
  async (ref: string): Promise<DocumentDetail | undefined> => {
    const parsed = parseRef(ref);
    return parsed ? getDocument(await getDb(), parsed.id) : undefined;
  },
);
