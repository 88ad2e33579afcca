'use client';

import Link from 'next/link';
import { type FormEvent, useState } from 'react';
import type { bookmarkContracts } from '@/app/api/documents/[id]/bookmark/contract';
import { useShowToast } from '@/components/toaster';
import { callRoute, urlOf } from '@/http/client';
import { toggleAddresses } from '@/http/toggle-addresses';
import { useTrackProductAction } from '@/tracking/use-track-product-action';

type Bookmark = typeof bookmarkContracts;
const BOOKMARK = toggleAddresses<Bookmark>('/api/documents/[id]/bookmark');

const BUTTON =
  'inline-flex items-center gap-2 rounded-lg border px-3 py-1.5 text-sm font-medium transition';

/**
 * The bookmark toggle (`aria-pressed`, a label that stays "Bookmark"): a form that works without
 * JavaScript, optimistic with it.
 */
export function BookmarkButton({
  documentId,
  courseId,
  initial,
  signedIn,
  returnTo,
}: {
  documentId: number;
  courseId: number;
  initial: boolean;
  signedIn: boolean;
  returnTo: string;
}) {
  const [bookmarked, setBookmarked] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const track = useTrackProductAction();
  const showToast = useShowToast();

  if (!signedIn) {
    return (
      <Link
        href={`/sign-in?next=${encodeURIComponent(returnTo)}`}
        className={`${BUTTON} border-slate-300 bg-white text-slate-800 hover:border-brand-600`}
      >
        Sign in to bookmark
      </Link>
    );
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = !bookmarked;
    setError(null);
    setBookmarked(next);
    const result = await callRoute<Bookmark['PUT'] | Bookmark['DELETE']>(
      next ? BOOKMARK.PUT : BOOKMARK.DELETE,
      {
        params: { id: documentId },
      },
    );
    if (!result.ok) {
      setBookmarked(!next);
      setError(result.message);
      return;
    }
    showToast(next ? 'bookmarked' : 'unbookmarked');
    void track(next ? 'bookmarked' : 'unbookmarked', { courseId, docId: documentId });
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <form
        method="post"
        action={urlOf(BOOKMARK.POST, { params: { id: documentId } })}
        onSubmit={onSubmit}
      >
        <input type="hidden" name="intent" value={bookmarked ? 'off' : 'on'} />
        <input type="hidden" name="next" value={returnTo} />
        <button
          type="submit"
          aria-pressed={bookmarked}
          className={`${BUTTON} ${
            bookmarked
              ? 'border-amber-500 bg-amber-50 text-amber-900 hover:bg-amber-100'
              : 'border-slate-300 bg-white text-slate-800 hover:border-brand-600'
          }`}
        >
          <span aria-hidden="true">{bookmarked ? '★' : '☆'}</span>
          Bookmark
        </button>
      </form>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
