import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import { type CourseSummary, selectCourseSummaries, toCourseSummary } from './course-summary';

export async function getCourse(
  db: Kysely<Database>,
  id: number,
): Promise<CourseSummary | undefined> {
  const row = await selectCourseSummaries(db).where('c.id', '=', id).executeTakeFirst();
  return row && toCourseSummary(row);
}
