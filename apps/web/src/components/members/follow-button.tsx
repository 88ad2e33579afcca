'use client';

import Link from 'next/link';
import { type FormEvent, useState } from 'react';
import type { followContracts } from '@/app/api/courses/[id]/follow/contract';
import { useShowToast } from '@/components/toaster';
import { pluralize } from '@/format/format-numbers';
import { callRoute, urlOf } from '@/http/client';
import { toggleAddresses } from '@/http/toggle-addresses';
import { useTrackProductAction } from '@/tracking/use-track-product-action';

interface FollowState {
  following: boolean;
  followers: number;
}

type Follow = typeof followContracts;
const FOLLOW = toggleAddresses<Follow>('/api/courses/[id]/follow');

const BUTTON =
  'inline-flex items-center gap-2 rounded-lg border px-3 py-1.5 text-sm font-medium transition';

/**
 * The follow toggle with the follower count. Its label stays "Follow" and `aria-pressed` says
 * whether the member follows (a toggle whose label changed would contradict its state). A form first (works without JavaScript),
 * then optimistic: the count moves at once and goes back if the server refuses.
 */
export function FollowButton({
  courseId,
  initial,
  signedIn,
  returnTo,
}: {
  courseId: number;
  initial: FollowState;
  signedIn: boolean;
  returnTo: string;
}) {
  const [state, setState] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const track = useTrackProductAction();
  const showToast = useShowToast();
  const count = (
    <span aria-live="polite" className="text-sm text-slate-600">
      {pluralize(state.followers, 'follower')}
      {signedIn && state.following ? ', you included' : ''}
    </span>
  );

  if (!signedIn) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <Link
          href={`/sign-in?next=${encodeURIComponent(returnTo)}`}
          className={`${BUTTON} border-slate-300 bg-white text-slate-800 hover:border-brand-600`}
        >
          Sign in to follow
        </Link>
        {count}
      </div>
    );
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const previous = state;
    const following = !previous.following;
    setError(null);
    setState({ following, followers: previous.followers + (following ? 1 : -1) });
    const result = await callRoute<Follow['PUT'] | Follow['DELETE']>(
      following ? FOLLOW.PUT : FOLLOW.DELETE,
      {
        params: { id: courseId },
      },
    );
    if (!result.ok) {
      setState(previous);
      setError(result.message);
      return;
    }
    setState(result.data);
    showToast(following ? 'followed' : 'unfollowed');
    void track(following ? 'followed' : 'unfollowed', { courseId });
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <form
        method="post"
        action={urlOf(FOLLOW.POST, { params: { id: courseId } })}
        onSubmit={onSubmit}
      >
        <input type="hidden" name="intent" value={state.following ? 'off' : 'on'} />
        <input type="hidden" name="next" value={returnTo} />
        <button
          type="submit"
          aria-pressed={state.following}
          className={`${BUTTON} ${
            state.following
              ? 'border-brand-600 bg-brand-600 text-white hover:bg-brand-700'
              : 'border-brand-600 bg-white text-brand-700 hover:bg-brand-50'
          }`}
        >
          <span aria-hidden="true">{state.following ? '✓' : '+'}</span>
          Follow
        </button>
      </form>
      {count}
      {error ? (
        <p role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
