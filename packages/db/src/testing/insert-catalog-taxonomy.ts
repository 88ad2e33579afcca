import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { insertCourse } from './insert-course';

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

interface Named {
  slug: string;
  name: string;
}

/**
 * One institution and one subject (Northbridge University and Mathematics unless named) for a
 * test's courses to hang on; their ids as a course row takes them.
 */
export async function insertCourseTaxonomy(
  db: Kysely<Database>,
  {
    institution = { slug: 'northbridge', name: 'Northbridge University' },
    subject = { slug: 'mathematics', name: 'Mathematics' },
  }: { institution?: Named; subject?: Named } = {},
): Promise<{ institution_id: number; subject_id: number }> {
  const institutionRow = await db
    .insertInto('institutions')
    .values(institution)
    .returning('id')
    .executeTakeFirstOrThrow();
  const subjectRow = await db
    .insertInto('subjects')
    .values(subject)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { institution_id: institutionRow.id, subject_id: subjectRow.id };
}

/** A published physics course ("Optics") on a fresh taxonomy, owned by `ownerId` if given; its id. */
export async function insertOpticsCourse(
  db: Kysely<Database>,
  ownerId: string | null = null,
): Promise<number> {
  const { north, physics } = await insertCatalogTaxonomy(db);
  return insertCourse(db, {
    slug: 'optics',
    title: 'Optics',
    subject_id: physics.id,
    institution_id: north.id,
    owner_id: ownerId,
  });
}
