import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { Viewer } from '@/auth/viewer';
import { AppError } from '@/errors/app-error';
import { isUniqueViolation } from '@/errors/is-unique-violation';
import { parseOrThrow } from '@/errors/parse-or-throw';
import { assertCanManageCatalog } from './assert-can-manage-catalog';
import { CATALOG_LIST, type CatalogList } from './catalog-lists';

/**
 * Renames an institution or subject (admins only); every course filed under it shows the new
 * name, and its slug (facet links) stays. A name that folds to another entry's is refused with
 * 409 and that entry in `details.existing`, so the page can offer to merge the two instead.
 */
export async function renameCatalogEntry(
  db: Kysely<Database>,
  viewer: Viewer | null,
  input: { list: CatalogList; id: number; changes: unknown },
): Promise<{ id: number; name: string }> {
  assertCanManageCatalog(viewer);
  const { list, id } = input;
  const { noun, name: nameRule } = CATALOG_LIST[list];
  const { name } = parseOrThrow(z.object({ name: nameRule }), input.changes);
  try {
    const renamed = await db
      .updateTable(list)
      .set({ name })
      .where('id', '=', id)
      .returning(['id', 'name'])
      .executeTakeFirst();
    if (!renamed)
      throw new AppError('not_found', `There is no ${noun} ${id}; it may have been merged.`);
    return renamed;
  } catch (error) {
    if (!isUniqueViolation(error, `${list}_name_key`)) throw error;
    const existing = await db
      .selectFrom(list)
      .select(['id', 'name'])
      .where('name_key', '=', sql<string>`catalog_name_key(${name})`)
      .executeTakeFirstOrThrow();
    throw new AppError(
      'conflict',
      `There is already ${noun === 'institution' ? 'an institution' : 'a subject'} called "${existing.name}". Merge the two instead, so their courses are filed together.`,
      { fields: { name: `"${existing.name}" already exists; merge into it instead` }, existing },
    );
  }
}
