import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FoundInDocument } from '@/reader/find-in-document';
import { HIGHLIGHT_END, HIGHLIGHT_START } from '@/search/highlight-delimiters';
import { type FindChoice, FindPanel } from './find-panel';

const FOUND: FoundInDocument = {
  query: 'lenses',
  terms: ['lenses'],
  hits: [
    { page: 2, snippet: `thin ${HIGHLIGHT_START}lenses${HIGHLIGHT_END} focus` },
    { page: 5, snippet: `two ${HIGHLIGHT_START}lenses${HIGHLIGHT_END}` },
  ],
  total: 2,
  allWords: true,
};

afterEach(() => vi.unstubAllGlobals());

/** The panel as the reader shows it for a search result's query (no focus taken). */
function renderForQuery(initialQuery: string) {
  render(
    <FindPanel
      documentId={7}
      initialQuery={initialQuery}
      focusRequest={0}
      activePage={null}
      onFound={() => {}}
      onChoose={() => {}}
      onClose={() => {}}
    />,
  );
}

/** The panel with the reader's part of it: the page gone to is the hit last chosen. */
function FindInReader({
  onChoose,
  onClose,
}: {
  onChoose: (page: number, how: FindChoice) => void;
  onClose: () => void;
}) {
  const [activePage, setActivePage] = useState<number | null>(null);
  return (
    <FindPanel
      documentId={7}
      initialQuery=""
      focusRequest={1}
      activePage={activePage}
      onFound={() => {}}
      onChoose={(hit, how) => {
        setActivePage(hit.page);
        onChoose(hit.page, how);
      }}
      onClose={onClose}
    />
  );
}

describe('FindPanel', () => {
  it('looks up what is typed and lists the pages found; choosing one hands it to the reader', async () => {
    const fetch = vi.fn(async () => Response.json(FOUND));
    vi.stubGlobal('fetch', fetch);
    const onFound = vi.fn();
    const onChoose = vi.fn();
    const user = userEvent.setup();
    render(
      <FindPanel
        documentId={7}
        initialQuery=""
        focusRequest={1}
        activePage={null}
        onFound={onFound}
        onChoose={onChoose}
        onClose={() => {}}
      />,
    );
    const box = screen.getByRole('searchbox', { name: 'Find in document' });
    expect(document.activeElement).toBe(box);
    await user.type(box, 'lenses');
    const list = await screen.findByRole('list', { name: 'Pages found' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]?.at(0))).toBe('/api/documents/7/find?q=lenses');
    expect(onFound).toHaveBeenCalledWith(FOUND);
    expect(screen.getByRole('status').textContent).toBe('2 pages');
    const hits = [...list.querySelectorAll('button')];
    expect(hits.map((hit) => hit.textContent)).toEqual([
      'Page 2thin lenses focus',
      'Page 5two lenses',
    ]);
    expect(hits[0]?.querySelector('mark')?.textContent).toBe('lenses');
    await user.click(screen.getByRole('button', { name: /^Page 5/ }));
    expect(onChoose).toHaveBeenCalledWith(FOUND.hits[1], 'list');
  });

  it('steps through the pages found with Enter and Shift+Enter, and closes only on Escape', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          ...FOUND,
          hits: [...FOUND.hits, { page: 9, snippet: `${HIGHLIGHT_START}lenses${HIGHLIGHT_END}` }],
          total: 3,
        }),
      ),
    );
    const onChoose = vi.fn();
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<FindInReader onChoose={onChoose} onClose={onClose} />);
    const box = screen.getByRole('searchbox', { name: 'Find in document' });
    // Enter straight after typing, before the words were looked up: the first page found.
    await user.type(box, 'lenses{Enter}');
    await waitFor(() => expect(onChoose).toHaveBeenCalledWith(2, 'step'));
    // Issue 30: Enter closed the panel (and went to the first hit again); now it goes on.
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status').textContent).toBe('3 pages · page 9, 3 of 3');
    await user.keyboard('{Enter}');
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(onChoose.mock.calls).toEqual([
      [2, 'step'],
      [5, 'step'],
      [9, 'step'],
      [2, 'step'],
      [9, 'step'],
      [5, 'step'],
    ]);
    expect(onClose).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(box);
    // Stepping folds the list away so the page shows; the buttons step too, touch has no Enter.
    expect(screen.queryByRole('list', { name: 'Pages found' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next page found' }));
    await user.click(screen.getByRole('button', { name: 'Previous page found' }));
    expect(onChoose.mock.calls.slice(-2)).toEqual([
      [9, 'step'],
      [5, 'step'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Show the list' }));
    const list = screen.getByRole('list', { name: 'Pages found' });
    expect(list.querySelector('[aria-current="true"]')?.textContent).toMatch(/^Page 5/);
    await user.click(screen.getByRole('button', { name: /^Page 9/ }));
    expect(onChoose).toHaveBeenLastCalledWith(9, 'list');
    box.focus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('runs a search result’s query without taking the focus, and says when nothing is found', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ ...FOUND, query: 'zzqx', hits: [], total: 0 })),
    );
    renderForQuery('zzqx');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('No page has “zzqx”.'));
    expect(document.activeElement).toBe(document.body);
  });

  it('shows the server’s words when the lookup fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { error: { code: 'not_found', message: 'There is no document "7".' } },
          { status: 404 },
        ),
      ),
    );
    renderForQuery('lenses');
    expect((await screen.findByRole('alert')).textContent).toBe('There is no document "7".');
  });
});
