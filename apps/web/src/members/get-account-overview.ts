import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';
import type { Viewer } from '@/auth/viewer';
import { AppError } from '@/errors/app-error';

export interface AccountOverview {
  /** False for members who only sign in with GitHub or Google. */
  hasPassword: boolean;
  documents: number;
  /** Owned courses that hold only this member's documents: deleted with the account. */
  coursesDeleted: number;
  /** Owned courses with other members' documents: kept, without an owner. */
  coursesKept: number;
  follows: number;
  bookmarks: number;
}

/**
 * What the account page says will happen on deletion, counted the way deleteMemberContent
 * deletes, so the warning and the deed agree.
 */
export async function getAccountOverview(
  db: Kysely<Database>,
  viewer: Viewer | null,
): Promise<AccountOverview> {
  if (!viewer) throw new AppError('unauthorized', 'Sign in to see your account.');
  const { rows } = await sql<Omit<AccountOverview, 'hasPassword'> & { has_password: boolean }>`
    SELECT
      EXISTS (SELECT 1 FROM accounts a WHERE a.user_id = ${viewer.id} AND a.password IS NOT NULL)
        AS has_password,
      (SELECT count(*)::int FROM documents d WHERE d.owner_id = ${viewer.id}) AS documents,
      (SELECT count(*)::int FROM courses c WHERE c.owner_id = ${viewer.id} AND NOT EXISTS (
        SELECT 1 FROM documents d WHERE d.course_id = c.id AND d.owner_id IS DISTINCT FROM ${viewer.id}
      )) AS "coursesDeleted",
      (SELECT count(*)::int FROM courses c WHERE c.owner_id = ${viewer.id} AND EXISTS (
        SELECT 1 FROM documents d WHERE d.course_id = c.id AND d.owner_id IS DISTINCT FROM ${viewer.id}
      )) AS "coursesKept",
      (SELECT count(*)::int FROM course_follows f WHERE f.user_id = ${viewer.id}) AS follows,
      (SELECT count(*)::int FROM document_bookmarks b WHERE b.user_id = ${viewer.id}) AS bookmarks
  `.execute(db);
  const row = rows[0];
  if (!row) throw new AppError('internal', 'The account overview query returned no row.');
  const { has_password, ...counts } = row;
  return { hasPassword: has_password, ...counts };
}
