'use client';

import { useRouter } from 'next/navigation';
import { type KeyboardEvent, useState } from 'react';
import type { suggestContract } from '@/app/api/search/suggest/contract';
import { callRoute } from '@/http/client';
import type { TitleSuggestion } from '@/search/suggest-titles';
import { useTrackProductAction } from '@/tracking/use-track-product-action';
import { useSuggestionList } from './use-suggestion-list';

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
  const list = useSuggestionList<TitleSuggestion>(id, async (text, signal) => {
    const answer = await callRoute<typeof suggestContract>(
      { method: 'GET', path: '/api/search/suggest' },
      { query: { q: text }, signal },
    );
    // Offline or refused: no list for this text, whose search page the form still opens.
    return answer.ok ? answer.data.suggestions : [];
  });
  const { suggestions, open, active, expanded } = list;

  function fetchSuggestions(text: string) {
    if (/[\p{L}\p{N}]/u.test(text)) list.lookUp(text);
    else list.clear();
  }

  function go(suggestion: TitleSuggestion, rank: number) {
    list.close();
    void track('searchResultOpened', {
      related: { id: suggestion.id, entity: suggestion.type },
      meta: { rank, source: 'typeahead' },
    });
    router.push(suggestion.href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      list.step(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter') {
      const suggestion = open && active >= 0 ? suggestions[active] : undefined;
      if (suggestion) {
        event.preventDefault();
        go(suggestion, active + 1);
      }
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        list.close();
      } else if (value) {
        event.preventDefault();
        setValue('');
        list.clear();
      }
    }
  }

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
          aria-controls={list.listboxId}
          aria-activedescendant={list.activeDescendant}
          autoComplete="off"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            fetchSuggestions(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => list.setOpen(suggestions.length > 0)}
          onBlur={list.close}
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
          id={list.listboxId}
          role="listbox"
          aria-label="Suggestions"
          hidden={!expanded}
          className="absolute top-full right-0 left-0 z-30 mt-1 max-h-96 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {suggestions.map((suggestion, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/useFocusableInteractive: the ARIA combobox pattern: focus stays in the input, whose keys move aria-activedescendant and Enter picks the option
            <div
              key={`${suggestion.type}-${suggestion.id}`}
              {...list.optionProps(index)}
              role="option"
              onClick={() => go(suggestion, index + 1)}
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
