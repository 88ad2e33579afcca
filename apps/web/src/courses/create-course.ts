import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import { canCreateCourse } from '@/auth/permissions';
import type { Viewer } from '@/auth/viewer';
import { slugify } from '@/catalog/refs';
import { AppError } from '@/errors/app-error';
import { enforceCourseCreationLimit } from '@/limits/enforce-member-limits';
import { courseInputSchema } from './course-input';
import { parseCourseFields } from './parse-course-fields';

/** A new course, published at once and owned by the member who created it. */
export async function createCourse(
  db: Kysely<Database>,
  viewer: Viewer | null,
  input: unknown,
): Promise<{ id: number; slug: string }> {
  if (!viewer || !canCreateCourse(viewer)) {
    throw new AppError('unauthorized', 'Sign in to create a course.');
  }
  await enforceCourseCreationLimit(db, viewer.id);
  const {
    fields: course,
    subjectId,
    institutionId,
  } = await parseCourseFields(db, courseInputSchema, input);
  if (subjectId === undefined || institutionId === undefined) {
    throw new AppError('internal', 'A resolved course list came back empty.');
  }
  return db
    .insertInto('courses')
    .values({
      slug: slugify(course.title),
      title: course.title,
      code: course.code,
      description: course.description,
      subject_id: subjectId,
      institution_id: institutionId,
      owner_id: viewer.id,
      published: true,
    })
    .returning(['id', 'slug'])
    .executeTakeFirstOrThrow();
}
