import 'server-only';
import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import { notFound, permanentRedirect } from 'next/navigation';
import { cache } from 'react';
import { parseRef } from '@/catalog/refs';
import { getDb } from '@/server/server-context';

/**
 * Resolves a page's `{id}-{slug}` with `get`: unknown ids are 404s, a stale or missing slug
 * redirects to the canonical URL (`pathOf`). Cached per request so metadata and page share one
 * query.
 */
export function loaderForRef<Row extends { slug: string }>(
  get: (db: Kysely<Database>, id: number) => Promise<Row | undefined>,
  pathOf: (row: Row) => string,
) {
  return cache(async (ref: string): Promise<Row> => {
    const parsed = parseRef(ref);
    if (!parsed) notFound();
    const row = await get(await getDb(), parsed.id);
    if (!row) notFound();
    if (parsed.slug !== row.slug) permanentRedirect(pathOf(row));
    return row;
  });
}
