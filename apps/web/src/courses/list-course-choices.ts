import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';

export interface Choice {
  slug: string;
  name: string;
}

/** The fixed lists a course is filed under, for the course form's pickers. */
export async function listCourseChoices(
  db: Kysely<Database>,
): Promise<{ subjects: Choice[]; institutions: Choice[] }> {
  const [subjects, institutions] = await Promise.all([
    db.selectFrom('subjects').select(['slug', 'name']).orderBy('name').execute(),
    db.selectFrom('institutions').select(['slug', 'name']).orderBy('name').execute(),
  ]);
  return { subjects, institutions };
}
