import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';
import { CATALOG_LIST, type CatalogList } from './catalog-lists';

/**
 * Deletes an institution or subject that no course is filed under any more, after a course
 * moved away from it: a typo corrected on a course's edit page leaves nothing behind, and a
 * member renaming their course over and over cannot fill the suggestions with names nobody
 * uses. An entry another transaction is filing a course under at this moment (it holds the
 * row's key-share lock) is skipped rather than waited for: it is in use.
 */
export async function deleteUnusedCatalogEntry(
  db: Kysely<Database>,
  list: CatalogList,
  id: number,
): Promise<void> {
  await sql`
    DELETE FROM ${sql.table(list)}
    WHERE id IN (SELECT id FROM ${sql.table(list)} WHERE id = ${id} FOR UPDATE SKIP LOCKED)
      AND NOT EXISTS (
        SELECT 1 FROM courses WHERE ${sql.ref(CATALOG_LIST[list].column)} = ${id}
      )`.execute(db);
}
