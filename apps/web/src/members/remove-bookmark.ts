import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import type { Viewer } from '@/auth/viewer';
import type { BookmarkState } from './get-bookmark-state';
import { requireBookmarkableDocument } from './require-bookmarkable-document';

/** Removes a bookmark; removing one that is not there changes nothing. */
export async function removeBookmark(
  db: Kysely<Database>,
  viewer: Viewer | null,
  input: { documentId: number },
): Promise<BookmarkState> {
  const member = await requireBookmarkableDocument(db, viewer, input.documentId);
  await db
    .deleteFrom('document_bookmarks')
    .where('user_id', '=', member.id)
    .where('document_id', '=', input.documentId)
    .execute();
  return { bookmarked: false };
}
