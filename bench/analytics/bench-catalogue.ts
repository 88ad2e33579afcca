import type { Database } from '@coursepack/db/schema';
import { insertCatalogTaxonomy } from '@coursepack/db/testing/insert-catalog-taxonomy';
import type { Kysely } from 'kysely';
import type { ActivityCourse } from '../../scripts/seed/generate-demo-activity';

/** A kept cluster's catalogue, or undefined in a new one. */
export async function loadCatalogue(db: Kysely<Database>): Promise<ActivityCourse[] | undefined> {
  const documents = await db
    .selectFrom('documents')
    .select(['id', 'course_id', 'page_count'])
    .orderBy('course_id')
    .orderBy('id')
    .execute();
  if (documents.length === 0) return undefined;
  const courses = new Map<number, ActivityCourse>();
  for (const document of documents) {
    if (document.course_id === null) continue;
    const course = courses.get(document.course_id) ?? { id: document.course_id, documents: [] };
    course.documents.push({ id: document.id, pageCount: document.page_count });
    courses.set(document.course_id, course);
  }
  return [...courses.values()];
}

/** The benchmarks' catalogue: 10 courses × 5 documents of 6–35 pages. */
export async function createCatalogue(db: Kysely<Database>): Promise<ActivityCourse[]> {
  const { north: institution, maths: subject } = await insertCatalogTaxonomy(db);
  const courses: ActivityCourse[] = [];
  for (let c = 0; c < 10; c++) {
    const course = await db
      .insertInto('courses')
      .values({
        slug: `course-${c}`,
        title: `Course ${c}`,
        subject_id: subject.id,
        institution_id: institution.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const documents = await db
      .insertInto('documents')
      .values(
        Array.from({ length: 5 }, (_, d) => ({
          course_id: course.id,
          slug: `document-${c}-${d}`,
          title: `Document ${c}.${d}`,
          kind: 'notes' as const,
          page_count: 6 + ((c * 7 + d * 5) % 30),
        })),
      )
      .returning(['id', 'page_count'])
      .execute();
    courses.push({
      id: course.id,
      documents: documents.map((d) => ({ id: d.id, pageCount: d.page_count })),
    });
  }
  return courses;
}
