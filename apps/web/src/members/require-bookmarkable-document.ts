import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import { canBookmarkDocument } from '@/auth/permissions';
import type { Viewer } from '@/auth/viewer';
import { AppError } from '@/lib/app-error';

/** The signed-in member, if they may bookmark this document: 401 anonymous, 404 hidden. */
export async function requireBookmarkableDocument(
  db: Kysely<Database>,
  viewer: Viewer | null,
  documentId: number,
): Promise<Viewer> {
  if (!viewer) throw new AppError('unauthorized', 'Sign in to bookmark documents.');
  const row = await db
    .selectFrom('documents as d')
    .innerJoin('courses as c', 'c.id', 'd.course_id')
    .where('d.id', '=', documentId)
    .select([
      'd.owner_id',
      'd.published',
      'd.status',
      'c.owner_id as course_owner_id',
      'c.published as course_published',
    ])
    .executeTakeFirst();
  const visible =
    row &&
    canBookmarkDocument(viewer, row, {
      owner_id: row.course_owner_id,
      published: row.course_published,
    });
  if (!visible) throw new AppError('not_found', `There is no document ${documentId}.`);
  return viewer;
}
