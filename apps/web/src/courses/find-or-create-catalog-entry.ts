import { randomBytes } from 'node:crypto';
import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';
import { slugify } from '@/catalog/refs';
import { AppError } from '@/errors/app-error';
import type { CatalogList } from './catalog-lists';

/** Room for a `-` and six hex digits after a slug that another name already has. */
const SLUG_MAX = 72;
const INSERT_ATTEMPTS = 4;

/**
 * The entry `name` folds to (migration 0021's key), or else the one whose slug it is (API
 * clients that sent slugs when the lists were fixed still work). The row is locked against a
 * merge or a clean-up deleting it until the caller's transaction ends, so a course is never
 * filed under an entry that is gone.
 */
async function findCatalogEntry(
  db: Kysely<Database>,
  list: CatalogList,
  name: string,
): Promise<number | undefined> {
  const key = sql<string>`catalog_name_key(${name})`;
  const row = await db
    .selectFrom(list)
    .select('id')
    .where((eb) => eb.or([eb('name_key', '=', key), eb('slug', '=', name)]))
    .orderBy(sql`name_key = ${key}`, 'desc')
    .limit(1)
    .forKeyShare()
    .executeTakeFirst();
  return row?.id;
}

/**
 * The id of the institution or subject a member named (cleaned by catalog-lists' name rule),
 * created if there is none. Two members naming a new one at the same moment get
 * one row: the unique key makes the second INSERT wait for the first and then do nothing, and it
 * reads the first's row. A new name whose slug another name already has ("C" and "C++") gets a
 * slug with a random suffix.
 */
export async function findOrCreateCatalogEntry(
  db: Kysely<Database>,
  list: CatalogList,
  name: string,
): Promise<number> {
  const existing = await findCatalogEntry(db, list, name);
  if (existing !== undefined) return existing;
  const base = slugify(name, SLUG_MAX);
  for (let attempt = 0; attempt < INSERT_ATTEMPTS; attempt++) {
    const slug = attempt === 0 ? base : `${base}-${randomBytes(3).toString('hex')}`;
    const inserted = await db
      .insertInto(list)
      .values({ slug, name })
      .onConflict((conflict) => conflict.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return inserted.id;
    const created = await findCatalogEntry(db, list, name);
    if (created !== undefined) return created;
  }
  throw new AppError('conflict', `"${name}" could not be added just now; try again in a moment.`);
}
