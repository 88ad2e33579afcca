import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';
import type { Viewer } from '@/auth/viewer';
import { slugify } from '@/catalog/refs';
import { courseChangesSchema } from './course-input';
import { getEditableCourse } from './get-editable-course';
import { parseCourseFields } from './parse-course-fields';

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
  const {
    fields: changes,
    subjectId,
    institutionId,
  } = await parseCourseFields(db, courseChangesSchema, input.changes);
  return db
    .updateTable('courses')
    .set({
      ...(changes.title === undefined
        ? {}
        : { title: changes.title, slug: slugify(changes.title) }),
      ...(changes.code === undefined ? {} : { code: changes.code }),
      ...(changes.description === undefined ? {} : { description: changes.description }),
      ...(subjectId === undefined ? {} : { subject_id: subjectId }),
      ...(institutionId === undefined ? {} : { institution_id: institutionId }),
      updated_at: sql`now()`,
    })
    .where('id', '=', input.courseId)
    .returning(['id', 'slug'])
    .executeTakeFirstOrThrow();
}
