import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';

/** How many courses a member owns: owners get the dashboard for them. */
export async function countOwnedCourses(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('courses')
    .where('owner_id', '=', userId)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
