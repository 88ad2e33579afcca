import type { InsertObject, Kysely } from 'kysely';
import type { Database } from '../schema';
import { type IdsOf, insertSerialRows } from './insert-serial-rows';

/**
 * A course as a test says it: the subject and institution it hangs on (insertCourseTaxonomy
 * makes them), and whichever other columns matter to the test.
 */
export type CourseFields = Partial<InsertObject<Database, 'courses'>> &
  Pick<InsertObject<Database, 'courses'>, 'subject_id' | 'institution_id'>;

let coursesMade = 0;

/**
 * A `courses` row, published and named `course-<n>` / `Course <n>` unless the test says
 * otherwise; n counts the rows made in this test file, so slugs never collide.
 */
export function courseRow(fields: CourseFields): InsertObject<Database, 'courses'> {
  coursesMade += 1;
  return {
    slug: `course-${coursesMade}`,
    title: `Course ${coursesMade}`,
    published: true,
    ...fields,
  };
}

/** Stores the courses (see courseRow); their ids, in the rows' order. */
export async function insertCourses<const Rows extends readonly CourseFields[]>(
  db: Kysely<Database>,
  rows: Rows,
): Promise<IdsOf<Rows>> {
  return (await insertSerialRows(db, 'courses', rows.map(courseRow))) as IdsOf<Rows>;
}

/** Stores one course (see courseRow); its id. */
export async function insertCourse(db: Kysely<Database>, course: CourseFields): Promise<number> {
  const [id] = await insertCourses(db, [course]);
  return id;
}
