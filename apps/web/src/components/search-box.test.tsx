import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TitleSuggestion } from '@/search/suggest-titles';
import { renderTrackedInAppRouter } from '@/testing/render-in-app-router';
import { SearchBox } from './search-box';

afterEach(() => vi.unstubAllGlobals());

const suggestion = (id: number, title: string): TitleSuggestion => ({
  type: 'document',
  id,
  title,
  subtitle: 'Notes · Calculus',
  href: `/documents/${id}-x`,
});

const answer = (q: string, titles: string[]) =>
  Response.json({ query: q, suggestions: titles.map((title, i) => suggestion(i + 1, title)) });

/** The suggest calls made so far, each answered when the test says (the network's timing). */
function stubSuggest() {
  const calls: { q: string; signal: AbortSignal; respond: (response: Response) => void }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (url: string, init: RequestInit) =>
        new Promise<Response>((resolve) => {
          const q = new URL(url, 'http://localhost').searchParams.get('q') ?? '';
          calls.push({ q, signal: init.signal as AbortSignal, respond: resolve });
        }),
    ),
  );
  return calls;
}

function showBox() {
  renderTrackedInAppRouter(<SearchBox id="search" />);
  return screen.getByRole('combobox', { name: 'Search courses and documents' });
}

const listed = () =>
  screen.queryAllByRole('option').map((option) => option.querySelector('span')?.textContent);

describe('SearchBox', () => {
  it('shows only the answer for the text as it is now, whatever order the answers come in', async () => {
    const calls = stubSuggest();
    const user = userEvent.setup();
    const box = showBox();
    await user.type(box, 'cal');
    await waitFor(() => expect(calls.map((call) => call.q)).toEqual(['cal']));
    await user.type(box, 'c');
    await waitFor(() => expect(calls.map((call) => call.q)).toEqual(['cal', 'calc']));
    // The first call was cancelled, but its answer was already on its way.
    expect(calls[0]?.signal.aborted).toBe(true);
    calls[1]?.respond(answer('calc', ['Calculus I']));
    await waitFor(() => expect(listed()).toEqual(['Calculus I']));
    calls[0]?.respond(answer('cal', ['Calendar of exams']));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listed()).toEqual(['Calculus I']);
  });

  it('carries on when a cancelled answer is cut short, as typing quickly on a phone does', async () => {
    const calls = stubSuggest();
    const user = userEvent.setup();
    const box = showBox();
    await user.type(box, 'cal');
    await waitFor(() => expect(calls).toHaveLength(1));
    // The headers arrive; the body is still coming when the next letter cancels the call.
    const first = calls[0];
    first?.respond(
      new Response(
        new ReadableStream({
          start(stream) {
            stream.enqueue(new TextEncoder().encode('{"query":"cal","sugg'));
            first.signal.addEventListener('abort', () =>
              stream.error(new DOMException('The operation was aborted.', 'AbortError')),
            );
          },
        }),
        { headers: { 'content-type': 'application/json' } },
      ),
    );
    await user.type(box, 'c');
    await waitFor(() => expect(calls).toHaveLength(2));
    calls[1]?.respond(answer('calc', ['Calculus I']));
    await waitFor(() => expect(listed()).toEqual(['Calculus I']));
    expect(screen.getByRole('combobox').getAttribute('aria-expanded')).toBe('true');
  });

  it('closes the list rather than keep an older text’s suggestions when the server fails', async () => {
    const calls = stubSuggest();
    const user = userEvent.setup();
    const box = showBox();
    await user.type(box, 'cal');
    await waitFor(() => expect(calls).toHaveLength(1));
    calls[0]?.respond(answer('cal', ['Calculus I']));
    await waitFor(() => expect(listed()).toEqual(['Calculus I']));
    await user.type(box, 'q');
    await waitFor(() => expect(calls).toHaveLength(2));
    calls[1]?.respond(
      Response.json(
        { error: { code: 'unavailable', message: 'Try again in a few seconds.' } },
        { status: 503 },
      ),
    );
    await waitFor(() => expect(box.getAttribute('aria-expanded')).toBe('false'));
    expect(listed()).toEqual([]);
  });
});
