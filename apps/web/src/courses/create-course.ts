import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import { canCreateCourse } from '@/auth/permissions';
import type { Viewer } from '@/auth/viewer';
import { slugify } from '@/catalog/refs';
import { AppError } from '@/errors/app-error';
import { parseOrThrow } from '@/errors/parse-or-throw';
import { enforceCourseCreationLimit } from '@/limits/enforce-member-limits';
import { courseInputSchema } from './course-input';
import { findOrCreateCatalogEntry } from './find-or-create-catalog-entry';

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
  const course = parseOrThrow(courseInputSchema, input);
  // One transaction: a course that fails to save leaves no institution or subject behind.
  return db.transaction().execute(async (trx) =>
    trx
      .insertInto('courses')
      .values({
        slug: slugify(course.title),
        title: course.title,
        code: course.code,
        description: course.description,
        subject_id: await findOrCreateCatalogEntry(trx, 'subjects', course.subject),
        institution_id: await findOrCreateCatalogEntry(trx, 'institutions', course.institution),
        owner_id: viewer.id,
        published: true,
      })
      .returning(['id', 'slug'])
      .executeTakeFirstOrThrow(),
  );
}
