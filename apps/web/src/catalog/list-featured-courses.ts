import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import { type CourseSummary, selectCourseSummaries, toCourseSummary } from './course-summary';

/** The home page's showcase: the published courses with the most documents. */
export async function listFeaturedCourses(
  db: Kysely<Database>,
  limit = 6,
): Promise<CourseSummary[]> {
  const rows = await selectCourseSummaries(db)
    .orderBy('document_count', 'desc')
    .orderBy('c.id')
    .limit(limit)
    .execute();
  return rows.map(toCourseSummary);
}
