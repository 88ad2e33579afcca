import type { BookmarkState } from './get-bookmark-state';
import { markSetter } from './member-mark';
import { requireBookmarkableDocument } from './require-bookmarkable-document';

/** Bookmarks a document (`on`) or removes the bookmark; doing either twice changes nothing. */
export const setBookmarked = markSetter({
  table: 'document_bookmarks',
  target: 'document_id',
  require: requireBookmarkableDocument,
  state: async (_db, _member, _documentId, bookmarked): Promise<BookmarkState> => ({ bookmarked }),
});
