import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FoundInDocument } from '@/reader/find-in-document';
import { HIGHLIGHT_END, HIGHLIGHT_START } from '@/search/highlight-delimiters';
import { FindPanel } from './find-panel';

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
    expect(onChoose).toHaveBeenCalledWith(FOUND.hits[1]);
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
