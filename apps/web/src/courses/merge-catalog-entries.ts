import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Viewer } from '@/auth/viewer';
import { MAX_ROW_ID } from '@/catalog/refs';
import { AppError } from '@/errors/app-error';
import { parseOrThrow } from '@/errors/parse-or-throw';
import { assertCanManageCatalog } from './assert-can-manage-catalog';
import { CATALOG_LIST, type CatalogList } from './catalog-lists';

/**
 * Merges one institution or subject into another (admins only), in one transaction: every
 * course filed under it moves to the other (the search index follows through its triggers on
 * courses), then it is deleted. Both rows are locked first, so a course being saved under the
 * merged one at that moment either finishes before the move (and is moved) or waits and files
 * itself under whatever exists after.
 */
export async function mergeCatalogEntries(
  db: Kysely<Database>,
  viewer: Viewer | null,
  input: { list: CatalogList; id: number; target: unknown },
): Promise<{ into: { id: number; name: string }; movedCourses: number }> {
  assertCanManageCatalog(viewer);
  const { list, id } = input;
  const { noun, column } = CATALOG_LIST[list];
  const choose = `Choose the ${noun} to merge into`;
  const { into } = parseOrThrow(
    z.object({
      into: z
        .number({ message: choose })
        .int({ message: choose })
        .positive({ message: choose })
        .max(MAX_ROW_ID, { message: choose })
        .refine((value) => value !== id, {
          message: `Choose another ${noun}: one cannot be merged into itself`,
        }),
    }),
    input.target,
  );
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom(list)
      .select(['id', 'name'])
      .where('id', 'in', [id, into])
      .orderBy('id')
      .forUpdate()
      .execute();
    const target = rows.find((row) => row.id === into);
    if (!rows.some((row) => row.id === id)) {
      throw new AppError(
        'not_found',
        `There is no ${noun} ${id}; it may have been merged already.`,
      );
    }
    if (!target) {
      throw new AppError(
        'not_found',
        `There is no ${noun} ${into} to merge into; reload the page.`,
      );
    }
    const moved = await trx
      .updateTable('courses')
      .set({ [column]: into })
      .where(column, '=', id)
      .executeTakeFirst();
    await trx.deleteFrom(list).where('id', '=', id).execute();
    return { into: target, movedCourses: Number(moved.numUpdatedRows) };
  });
}
