import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';
import type { Viewer } from '@/auth/viewer';
import { assertCanManageCatalog } from './assert-can-manage-catalog';
import { CATALOG_LIST, type CatalogList } from './catalog-lists';

export interface CatalogEntry {
  id: number;
  slug: string;
  name: string;
  /** Every course filed under it, drafts included: a merge moves them all. */
  courseCount: number;
}

/** Every institution or subject, by name, for the admins' catalogue page. */
export async function listCatalogEntries(
  db: Kysely<Database>,
  viewer: Viewer | null,
  list: CatalogList,
): Promise<CatalogEntry[]> {
  assertCanManageCatalog(viewer);
  const { rows } = await sql<CatalogEntry>`
    SELECT e.id, e.slug, e.name, count(c.id)::int AS "courseCount"
    FROM ${sql.table(list)} e
    LEFT JOIN courses c ON ${sql.ref(`c.${CATALOG_LIST[list].column}`)} = e.id
    GROUP BY e.id
    ORDER BY e.name_key, e.id`.execute(db);
  return rows;
}
