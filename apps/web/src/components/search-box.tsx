'use client';

import { useRouter } from 'next/navigation';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { suggestContract } from '@/app/api/search/suggest/contract';
import { callRoute } from '@/http/client';
import type { TitleSuggestion } from '@/search/suggest-titles';
import { useTrackProductAction } from '@/tracking/use-track-product-action';

/** Wait for a pause in typing before asking, so a burst of keys costs one request. */
const DEBOUNCE_MS = 150;
const MAX_LENGTH = 200;

/**
 * The search form with title suggestions as you type, following the ARIA combobox pattern:
 * arrow keys move through the listbox (aria-activedescendant keeps focus in the input),
 * Enter opens the highlighted suggestion or else submits the search, Escape closes the list
 * (and clears the text when it is already closed). Without JavaScript it is a plain GET form.
 */
export function SearchBox({
  id,
  defaultValue,
  compact = false,
}: {
  id: string;
  defaultValue?: string;
  compact?: boolean;
}) {
  const router = useRouter();
  const track = useTrackProductAction();
  const [value, setValue] = useState(defaultValue ?? '');
  const [suggestions, setSuggestions] = useState<TitleSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const request = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const listboxId = `${id}-suggestions`;
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      request.current?.abort();
    },
    [],
  );

  function fetchSuggestions(text: string) {
    clearTimeout(timer.current);
    request.current?.abort();
    if (!/[\p{L}\p{N}]/u.test(text)) {
      setSuggestions([]);
      setOpen(false);
      return;
    }
    timer.current = setTimeout(async () => {
      // Only the latest text's answer may show: earlier requests are cancelled, and an answer
      // that arrives all the same (cancelled too late, or overtaken) is dropped.
      const controller = new AbortController();
      request.current = controller;
      const answer = await callRoute<typeof suggestContract>(
        { method: 'GET', path: '/api/search/suggest' },
        {
          query: { q: text },
          signal: controller.signal,
        },
      );
      if (controller.signal.aborted || request.current !== controller) return;
      // Offline or refused: no list for this text, whose search page the form still opens.
      const found = answer.ok ? answer.data.suggestions : [];
      setSuggestions(found);
      setActive(-1);
      setOpen(found.length > 0);
    }, DEBOUNCE_MS);
  }

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function go(suggestion: TitleSuggestion, rank: number) {
    close();
    void track('searchResultOpened', {
      related: { id: suggestion.id, entity: suggestion.type },
      meta: { rank, source: 'typeahead' },
    });
    router.push(suggestion.href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = suggestions.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (count === 0) return;
      event.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(event.key === 'ArrowDown' ? 0 : count - 1);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // Past either end the highlight leaves the list, back to the typed text.
      setActive((current) => {
        const next = current + step;
        return next < -1 ? count - 1 : next >= count ? -1 : next;
      });
    } else if (event.key === 'Enter') {
      const suggestion = open && active >= 0 ? suggestions[active] : undefined;
      if (suggestion) {
        event.preventDefault();
        go(suggestion, active + 1);
      }
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        close();
      } else if (value) {
        event.preventDefault();
        setValue('');
        setSuggestions([]);
      }
    }
  }

  const expanded = open && suggestions.length > 0;
  return (
    <search>
      <form action="/search" method="get" className="relative flex w-full gap-2">
        <label htmlFor={id} className="sr-only">
          Search courses and documents
        </label>
        <input
          id={id}
          name="q"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            fetchSuggestions(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(suggestions.length > 0)}
          onBlur={close}
          maxLength={MAX_LENGTH}
          placeholder="Search courses, notes, exams…"
          className={`w-full rounded-lg border border-slate-300 bg-white px-3 text-ink placeholder:text-slate-500 focus:border-brand-600 ${compact ? 'py-1.5 text-sm' : 'py-3 text-base'}`}
        />
        <button
          type="submit"
          className={`shrink-0 rounded-lg bg-brand-600 font-medium text-white hover:bg-brand-700 ${compact ? 'px-3 text-sm' : 'px-5'}`}
        >
          Search
        </button>
        <div
          id={listboxId}
          role="listbox"
          aria-label="Suggestions"
          hidden={!expanded}
          className="absolute top-full right-0 left-0 z-30 mt-1 max-h-96 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {suggestions.map((suggestion, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/useFocusableInteractive: the ARIA combobox pattern: focus stays in the input, whose keys move aria-activedescendant and Enter picks the option
            <div
              key={`${suggestion.type}-${suggestion.id}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              // Keep focus in the input, so the blur does not close the list before the click.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => go(suggestion, index + 1)}
              onMouseEnter={() => setActive(index)}
              className={`cursor-pointer px-3 py-2 ${index === active ? 'bg-brand-50' : ''}`}
            >
              <span className="block truncate text-sm font-medium text-ink">
                {suggestion.title}
              </span>
              <span className="block truncate text-xs text-slate-600">
                {suggestion.type === 'course' ? 'Course · ' : ''}
                {suggestion.subtitle}
              </span>
            </div>
          ))}
        </div>
        <p className="sr-only" aria-live="polite">
          {expanded ? `${suggestions.length} suggestions` : ''}
        </p>
      </form>
    </search>
  );
}
