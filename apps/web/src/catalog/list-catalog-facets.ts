import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';

export interface Facet {
  slug: string;
  name: string;
  courseCount: number;
}

/** The catalogue's filter dimensions: each a table and the course column pointing at it. */
const DIMENSIONS = {
  subjects: 'subject_id',
  institutions: 'institution_id',
} as const;

async function listFacets(db: Kysely<Database>, table: keyof typeof DIMENSIONS): Promise<Facet[]> {
  const { rows } = await sql<Facet>`
    SELECT f.slug, f.name, count(c.id)::int AS "courseCount"
    FROM ${sql.table(table)} f
    JOIN courses c ON ${sql.ref(`c.${DIMENSIONS[table]}`)} = f.id AND c.published
    GROUP BY f.slug, f.name
    ORDER BY f.name`.execute(db);
  return rows;
}

/** Subjects and institutions that have published courses, with how many. */
export async function listCatalogFacets(
  db: Kysely<Database>,
): Promise<{ subjects: Facet[]; institutions: Facet[] }> {
  const [subjects, institutions] = await Promise.all([
    listFacets(db, 'subjects'),
    listFacets(db, 'institutions'),
  ]);
  return { subjects, institutions };
}
