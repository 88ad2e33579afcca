import { toggleRoute } from '@/http/toggle-route';
import { setBookmarked } from '@/members/set-bookmarked';
import { bookmarkContracts } from './contract';

const bookmark = toggleRoute(bookmarkContracts, setBookmarked, {
  on: 'bookmarked',
  off: 'unbookmarked',
});

// PUT /api/documents/[id]/bookmark – bookmark a document (idempotent); answers { bookmarked }
export const PUT = bookmark.PUT;

// DELETE /api/documents/[id]/bookmark – remove the bookmark (idempotent)
export const DELETE = bookmark.DELETE;

// POST /api/documents/[id]/bookmark – the bookmark button's form without JavaScript (intent=on|off)
export const POST = bookmark.POST;
