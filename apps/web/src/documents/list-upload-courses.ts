import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import { isAdmin } from '@/auth/permissions';
import type { Viewer } from '@/auth/viewer';

export interface UploadCourse {
  id: number;
  slug: string;
  title: string;
  code: string | null;
  published: boolean;
}

/**
 * The upload form's course picker: every published course, plus the drafts the viewer may
 * upload to (their own; all of them for admins), as canUploadToCourse allows.
 */
export async function listUploadCourses(
  db: Kysely<Database>,
  viewer: Viewer,
): Promise<UploadCourse[]> {
  let query = db
    .selectFrom('courses')
    .select(['id', 'slug', 'title', 'code', 'published'])
    .orderBy('title')
    .orderBy('id');
  if (!isAdmin(viewer)) {
    query = query.where((eb) =>
      eb.or([eb('published', '=', true), eb('owner_id', '=', viewer.id)]),
    );
  }
  return query.execute();
}
