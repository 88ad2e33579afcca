import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import { type CourseSummary, selectCourseSummaries, toCourseSummary } from './course-summary';

export const COURSES_PER_PAGE = 12;

export interface CourseFilters {
  subject?: string;
  institution?: string;
  page: number;
}

export interface CoursePage {
  courses: CourseSummary[];
  total: number;
  page: number;
  pageCount: number;
}

/** The catalogue, filtered by subject and institution slugs, a page at a time. */
export async function listCourses(
  db: Kysely<Database>,
  filters: CourseFilters,
): Promise<CoursePage> {
  let query = selectCourseSummaries(db);
  if (filters.subject) query = query.where('s.slug', '=', filters.subject);
  if (filters.institution) query = query.where('i.slug', '=', filters.institution);

  const [rows, countRow] = await Promise.all([
    query
      .orderBy('c.title')
      .orderBy('c.id')
      .limit(COURSES_PER_PAGE)
      .offset((filters.page - 1) * COURSES_PER_PAGE)
      .execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    courses: rows.map(toCourseSummary),
    total: countRow.total,
    page: filters.page,
    pageCount: Math.max(1, Math.ceil(countRow.total / COURSES_PER_PAGE)),
  };
}
