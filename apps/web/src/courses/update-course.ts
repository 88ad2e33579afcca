import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';
import type { Viewer } from '@/auth/viewer';
import { slugify } from '@/catalog/refs';
import { parseOrThrow } from '@/errors/parse-or-throw';
import { courseChangesSchema } from './course-input';
import { deleteUnusedCatalogEntry } from './delete-unused-catalog-entry';
import { findOrCreateCatalogEntry } from './find-or-create-catalog-entry';
import { getEditableCourse } from './get-editable-course';

/**
 * Changes the fields sent (the owner or an admin only). A new title gives a new slug; links with
 * the old one redirect, since the id is the key. An institution or subject the course leaves is
 * deleted if no other course is filed under it.
 */
export async function updateCourse(
  db: Kysely<Database>,
  viewer: Viewer | null,
  input: { courseId: number; changes: unknown },
): Promise<{ id: number; slug: string }> {
  await getEditableCourse(db, viewer, input.courseId);
  const changes = parseOrThrow(courseChangesSchema, input.changes);
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('courses')
      .where('id', '=', input.courseId)
      .select(['subject_id', 'institution_id'])
      .forUpdate()
      .executeTakeFirstOrThrow();
    const subjectId =
      changes.subject === undefined
        ? before.subject_id
        : await findOrCreateCatalogEntry(trx, 'subjects', changes.subject);
    const institutionId =
      changes.institution === undefined
        ? before.institution_id
        : await findOrCreateCatalogEntry(trx, 'institutions', changes.institution);
    const updated = await trx
      .updateTable('courses')
      .set({
        ...(changes.title === undefined
          ? {}
          : { title: changes.title, slug: slugify(changes.title) }),
        ...(changes.code === undefined ? {} : { code: changes.code }),
        ...(changes.description === undefined ? {} : { description: changes.description }),
        subject_id: subjectId,
        institution_id: institutionId,
        updated_at: sql`now()`,
      })
      .where('id', '=', input.courseId)
      .returning(['id', 'slug'])
      .executeTakeFirstOrThrow();
    if (subjectId !== before.subject_id) {
      await deleteUnusedCatalogEntry(trx, 'subjects', before.subject_id);
    }
    if (institutionId !== before.institution_id) {
      await deleteUnusedCatalogEntry(trx, 'institutions', before.institution_id);
    }
    return updated;
  });
}
