import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';
import type { Viewer } from '@/auth/viewer';
import { slugify } from '@/catalog/refs';
import { parseOrThrow } from '@/errors/parse-or-throw';
import { courseChangesSchema } from './course-input';
import { findOrCreateCatalogEntry } from './find-or-create-catalog-entry';
import { getEditableCourse } from './get-editable-course';

/**
 * Changes the fields sent (the owner or an admin only). A new title gives a new slug; links with
 * the old one redirect, since the id is the key.
 */
export async function updateCourse(
  db: Kysely<Database>,
  viewer: Viewer | null,
  input: { courseId: number; changes: unknown },
): Promise<{ id: number; slug: string }> {
  await getEditableCourse(db, viewer, input.courseId);
  const changes = parseOrThrow(courseChangesSchema, input.changes);
  return db.transaction().execute(async (trx) =>
    trx
      .updateTable('courses')
      .set({
        ...(changes.title === undefined
          ? {}
          : { title: changes.title, slug: slugify(changes.title) }),
        ...(changes.code === undefined ? {} : { code: changes.code }),
        ...(changes.description === undefined ? {} : { description: changes.description }),
        ...(changes.subject === undefined
          ? {}
          : { subject_id: await findOrCreateCatalogEntry(trx, 'subjects', changes.subject) }),
        ...(changes.institution === undefined
          ? {}
          : {
              institution_id: await findOrCreateCatalogEntry(
                trx,
                'institutions',
                changes.institution,
              ),
            }),
        updated_at: sql`now()`,
      })
      .where('id', '=', input.courseId)
      .returning(['id', 'slug'])
      .executeTakeFirstOrThrow(),
  );
}
