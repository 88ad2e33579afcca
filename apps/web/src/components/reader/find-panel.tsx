'use client';

import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { findInDocumentContract } from '@/app/api/documents/[id]/find/contract';
import { HighlightedSnippet } from '@/components/highlighted-snippet';
import { pluralize } from '@/format/format-numbers';
import { callRoute } from '@/http/client';
import type { FindHit, FoundInDocument } from '@/reader/find-in-document';
import { Icon } from './icons';

/** Quiet time after typing before the words are looked up. */
const TYPING_PAUSE_MS = 300;

type FindState =
  | { state: 'idle' }
  | { state: 'searching' }
  | { state: 'found'; result: FoundInDocument }
  | { state: 'failed'; message: string };

/** The arrows beside the box, each with the key that does the same. */
const STEP_BUTTONS = [
  { by: -1, icon: 'up', label: 'Previous page found', keys: 'Shift+Enter' },
  { by: 1, icon: 'down', label: 'Next page found', keys: 'Enter' },
] as const;

/** How a hit was chosen: from the list, or stepped to (Enter, Shift+Enter, the arrows). */
export type FindChoice = 'list' | 'step';

/**
 * Find in document: a search box whose hits are listed by page with the words around them;
 * choosing one goes to its page with the words highlighted (`onChoose`). Enter goes to the next
 * page found and Shift+Enter to the previous one, as a browser's find bar does, folding the list
 * away so the page shows; typing brings it back. Escape closes. `onFound` hands the reader the
 * words to highlight on every page.
 */
export function FindPanel({
  documentId,
  initialQuery,
  focusRequest,
  activePage,
  onFound,
  onChoose,
  onClose,
}: {
  documentId: number;
  initialQuery: string;
  /** Focuses the box each time it changes (Find pressed), never for a search result's query. */
  focusRequest: number;
  activePage: number | null;
  onFound: (result: FoundInDocument | null) => void;
  onChoose: (hit: FindHit, how: FindChoice) => void;
  onClose: () => void;
}) {
  const inputId = useId();
  const [folded, setFolded] = useState(false);
  // Enter pressed before the words typed were looked up: the first hit once they are.
  const stepWhenFound = useRef(false);
  const [query, setQuery] = useState(initialQuery);
  const [find, setFind] = useState<FindState>({ state: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  const lastQuery = useRef<string | null>(null);

  useEffect(() => {
    if (focusRequest > 0) input.current?.focus({ preventScroll: true });
  }, [focusRequest]);

  const search = (text: string) => {
    const q = text.trim();
    if (q === lastQuery.current) return;
    lastQuery.current = q;
    setFolded(false);
    if (q === '') {
      setFind({ state: 'idle' });
      onFound(null);
      return;
    }
    setFind({ state: 'searching' });
    void callRoute<typeof findInDocumentContract>(
      { method: 'GET', path: '/api/documents/[id]/find' },
      { params: { id: documentId }, query: { q } },
    ).then((answer) => {
      if (lastQuery.current !== q) return;
      if (!answer.ok) {
        setFind({ state: 'failed', message: answer.message });
        onFound(null);
        return;
      }
      setFind({ state: 'found', result: answer.data });
      onFound(answer.data);
      const first = answer.data.hits[0];
      if (stepWhenFound.current && first) {
        setFolded(true);
        onChoose(first, 'step');
      }
      stepWhenFound.current = false;
    });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: looks up what is typed, after a pause; `search` is recreated each render but reads only refs and setters
  useEffect(() => {
    const timer = setTimeout(() => search(query), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  const hits = find.state === 'found' ? find.result.hits : [];
  const at = hits.findIndex((hit) => hit.page === activePage);
  // The next (or previous) page found after the one gone to, round from the last to the first.
  const step = (direction: 1 | -1) => {
    if (query.trim() !== lastQuery.current || find.state === 'searching') {
      stepWhenFound.current = true;
      search(query);
      return;
    }
    const index =
      at === -1
        ? direction === 1
          ? 0
          : hits.length - 1
        : (at + direction + hits.length) % hits.length;
    const hit = hits[index];
    if (!hit) return;
    setFolded(true);
    onChoose(hit, 'step');
  };
  // Enter submits the form (the next page found); Shift+Enter is caught before it does.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    step(1);
  };

  return (
    <search
      aria-label="Find in document"
      className="flex max-h-[70vh] flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-lg"
    >
      <form onSubmit={submit} className="flex items-center gap-2">
        <label htmlFor={inputId} className="sr-only">
          Find in document
        </label>
        <input
          ref={input}
          id={inputId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onClose();
            // Not while an input method composes a word: its Enter ends the word.
            if (event.key === 'Enter' && event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              step(-1);
            }
          }}
          placeholder="Find in document"
          maxLength={200}
          autoComplete="off"
          className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-base sm:text-sm"
        />
        {STEP_BUTTONS.map(({ by, icon, label, keys }) => (
          <button
            key={icon}
            type="button"
            onClick={() => step(by)}
            disabled={hits.length === 0}
            aria-label={label}
            title={`${label} (${keys})`}
            className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 disabled:opacity-40 disabled:hover:bg-transparent"
          >
            <Icon name={icon} />
          </button>
        ))}
        <button
          type="button"
          onClick={onClose}
          aria-label="Close find"
          className="rounded-lg p-2 text-slate-600 hover:bg-slate-100"
        >
          <Icon name="close" />
        </button>
      </form>
      <FindResults
        find={find}
        at={at}
        folded={folded}
        onUnfold={() => setFolded(false)}
        onChoose={(hit) => onChoose(hit, 'list')}
      />
    </search>
  );
}

function FindResults({
  find,
  at,
  folded,
  onUnfold,
  onChoose,
}: {
  find: FindState;
  /** The index of the hit gone to, -1 for none. */
  at: number;
  /** Only the count and the place shown, not the list (stepping through the pages found). */
  folded: boolean;
  onUnfold: () => void;
  onChoose: (hit: FindHit) => void;
}) {
  if (find.state === 'idle') return null;
  if (find.state === 'searching') {
    return (
      <p role="status" className="text-sm text-slate-600">
        Searching…
      </p>
    );
  }
  if (find.state === 'failed') {
    return (
      <p role="alert" className="text-sm text-red-700">
        {find.message}
      </p>
    );
  }
  const { result } = find;
  const active = result.hits[at];
  return (
    <>
      <div className="flex items-baseline justify-between gap-2">
        <p role="status" className="text-sm text-slate-600">
          {result.total === 0
            ? `No page has “${result.query}”.`
            : `${pluralize(result.total, 'page')}${result.allWords ? '' : ' with some of the words'}${
                result.total > result.hits.length ? ` (the first ${result.hits.length} listed)` : ''
              }${active ? ` · page ${active.page}, ${at + 1} of ${result.hits.length}` : ''}`}
        </p>
        {folded && result.hits.length > 0 ? (
          <button
            type="button"
            onClick={onUnfold}
            className="shrink-0 text-sm font-medium text-brand-700 hover:underline"
          >
            Show the list
          </button>
        ) : null}
      </div>
      {result.hits.length > 0 && !folded ? (
        <ol className="-mx-1 flex flex-col gap-1 overflow-y-auto px-1" aria-label="Pages found">
          {result.hits.map((hit) => (
            <li key={hit.page}>
              <button
                type="button"
                onClick={() => onChoose(hit)}
                aria-current={active?.page === hit.page ? 'true' : undefined}
                className="w-full rounded-lg border border-transparent px-2 py-1.5 text-left text-sm hover:border-slate-200 hover:bg-slate-50 aria-[current=true]:border-brand-600 aria-[current=true]:bg-brand-50"
              >
                <span className="font-semibold text-slate-900">Page {hit.page}</span>
                <span className="mt-0.5 block text-slate-700 [&_mark]:bg-yellow-200 [&_mark]:text-inherit">
                  <HighlightedSnippet snippet={hit.snippet} />
                </span>
              </button>
            </li>
          ))}
        </ol>
      ) : null}
    </>
  );
}
