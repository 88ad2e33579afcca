import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import type { Viewer } from '@/auth/viewer';
import type { BookmarkState } from './get-bookmark-state';
import { requireBookmarkableDocument } from './require-bookmarkable-document';

/** Bookmarks a document; bookmarking it again changes nothing. */
export async function bookmarkDocument(
  db: Kysely<Database>,
  viewer: Viewer | null,
  input: { documentId: number },
): Promise<BookmarkState> {
  const member = await requireBookmarkableDocument(db, viewer, input.documentId);
  await db
    .insertInto('document_bookmarks')
    .values({ user_id: member.id, document_id: input.documentId })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return { bookmarked: true };
}
