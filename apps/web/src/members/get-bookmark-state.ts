import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import type { Viewer } from '@/auth/viewer';

export interface BookmarkState {
  bookmarked: boolean;
}

export async function getBookmarkState(
  db: Kysely<Database>,
  viewer: Viewer | null,
  documentId: number,
): Promise<BookmarkState> {
  if (!viewer) return { bookmarked: false };
  const row = await db
    .selectFrom('document_bookmarks')
    .where('user_id', '=', viewer.id)
    .where('document_id', '=', documentId)
    .select('document_id')
    .executeTakeFirst();
  return { bookmarked: row !== undefined };
}
