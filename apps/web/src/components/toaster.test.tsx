import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  PathnameContext,
  SearchParamsContext,
} from 'next/dist/shared/lib/hooks-client-context.shared-runtime';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster, useShowToast } from './toaster';

function BookmarkStandIn() {
  const showToast = useShowToast();
  return (
    <button type="button" onClick={() => showToast('bookmarked')}>
      Bookmark
    </button>
  );
}

function renderAt(pathname: string, query: string) {
  render(
    <PathnameContext.Provider value={pathname}>
      <SearchParamsContext.Provider value={new URLSearchParams(query)}>
        <Toaster>
          <BookmarkStandIn />
        </Toaster>
      </SearchParamsContext.Provider>
    </PathnameContext.Provider>,
  );
}

describe('Toaster', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says what a form post came back with, then drops ?flash= from the address', () => {
    const replaceState = vi.spyOn(window.history, 'replaceState');
    renderAt('/courses/2-algorithms', 'flash=followed&tab=notes');
    expect(screen.getByRole('status').textContent).toBe(
      'You follow this course: it is in your library.',
    );
    expect(replaceState).toHaveBeenCalledWith(null, '', '/courses/2-algorithms?tab=notes');
  });

  it('shows what a component asks for, and ignores unknown flashes', async () => {
    const user = userEvent.setup();
    renderAt('/documents/1-notes', 'flash=<script>');
    expect(screen.getByRole('status').textContent).toBe('');
    await user.click(screen.getByRole('button', { name: 'Bookmark' }));
    expect(screen.getByRole('status').textContent).toBe(
      'Bookmarked: you will find it in your library.',
    );
  });
});
