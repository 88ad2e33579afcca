import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import { canEditCourse, canViewCourse } from '@/auth/permissions';
import type { Viewer } from '@/auth/viewer';
import { COURSE_FIELDS, selectCoursesWithTaxonomy, toCourseFields } from '@/catalog/course-summary';
import { AppError } from '@/errors/app-error';

/** A course as its edit form shows it, drafts included. */
export interface EditableCourse {
  id: number;
  slug: string;
  title: string;
  code: string | null;
  description: string;
  /** The subject's and institution's names, as the form shows and sends them. */
  subject: string;
  institution: string;
  coverAssetId: string | null;
  ownerId: string | null;
  published: boolean;
}

/**
 * The course if the viewer may edit it. A course the viewer may not even see is a 404, so a
 * draft's existence is not revealed; a visible one they may not edit is 401 (anonymous) or 403.
 */
export async function getEditableCourse(
  db: Kysely<Database>,
  viewer: Viewer | null,
  courseId: number,
): Promise<EditableCourse> {
  const row = await selectCoursesWithTaxonomy(db)
    .where('c.id', '=', courseId)
    .select([
      ...COURSE_FIELDS,
      'c.owner_id',
      'c.published',
      's.name as subject',
      'i.name as institution',
    ])
    .executeTakeFirst();
  if (!row || !canViewCourse(viewer, row)) {
    throw new AppError('not_found', `There is no course ${courseId}.`);
  }
  if (!canEditCourse(viewer, row)) {
    throw viewer
      ? new AppError('forbidden', 'Only the owner of this course or an admin can change it.')
      : new AppError('unauthorized', 'Sign in to change this course.');
  }
  return {
    ...toCourseFields(row),
    subject: row.subject,
    institution: row.institution,
    ownerId: row.owner_id,
    published: row.published,
  };
}
