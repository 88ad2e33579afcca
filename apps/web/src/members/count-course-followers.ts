import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';

export async function countCourseFollowers(
  db: Kysely<Database>,
  courseId: number,
): Promise<number> {
  const row = await db
    .selectFrom('course_follows')
    .where('course_id', '=', courseId)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
