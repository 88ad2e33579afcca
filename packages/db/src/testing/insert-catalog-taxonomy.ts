import type { Kysely } from 'kysely';
import type { Database } from '../schema';

/** Two institutions and two subjects that test catalogues hang their courses on; their ids. */
export async function insertCatalogTaxonomy(db: Kysely<Database>) {
  const [north, lake] = await db
    .insertInto('institutions')
    .values([
      { slug: 'northbridge', name: 'Northbridge University' },
      { slug: 'lakeside', name: 'Lakeside Institute' },
    ])
    .returning('id')
    .execute();
  const [maths, physics] = await db
    .insertInto('subjects')
    .values([
      { slug: 'mathematics', name: 'Mathematics' },
      { slug: 'physics', name: 'Physics' },
    ])
    .returning('id')
    .execute();
  if (!north || !lake || !maths || !physics) throw new Error('fixture rows missing');
  return { north, lake, maths, physics };
}

/** A published physics course ("Optics") on a fresh taxonomy, owned by `ownerId` if given; its id. */
export async function insertOpticsCourse(
  db: Kysely<Database>,
  ownerId: string | null = null,
): Promise<number> {
  const { north, physics } = await insertCatalogTaxonomy(db);
  const course = await db
    .insertInto('courses')
    .values({
      slug: 'optics',
      title: 'Optics',
      subject_id: physics.id,
      institution_id: north.id,
      owner_id: ownerId,
      published: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return course.id;
}
