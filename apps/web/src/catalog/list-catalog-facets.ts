import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';

export interface Facet {
  slug: string;
  name: string;
  courseCount: number;
}

/** Subjects and institutions that have published courses, with how many. */
export async function listCatalogFacets(
  db: Kysely<Database>,
): Promise<{ subjects: Facet[]; institutions: Facet[] }> {
  const publishedCount = sql<number>`count(c.id)`;
  const [subjects, institutions] = await Promise.all([
    db
      .selectFrom('subjects as s')
      .innerJoin('courses as c', (join) =>
        join.onRef('c.subject_id', '=', 's.id').on('c.published', '=', true),
      )
      .groupBy(['s.slug', 's.name'])
      .select(['s.slug', 's.name', publishedCount.as('course_count')])
      .orderBy('s.name')
      .execute(),
    db
      .selectFrom('institutions as i')
      .innerJoin('courses as c', (join) =>
        join.onRef('c.institution_id', '=', 'i.id').on('c.published', '=', true),
      )
      .groupBy(['i.slug', 'i.name'])
      .select(['i.slug', 'i.name', publishedCount.as('course_count')])
      .orderBy('i.name')
      .execute(),
  ]);
  const toFacet = (row: { slug: string; name: string; course_count: number }): Facet => ({
    slug: row.slug,
    name: row.name,
    courseCount: row.course_count,
  });
  return { subjects: subjects.map(toFacet), institutions: institutions.map(toFacet) };
}
