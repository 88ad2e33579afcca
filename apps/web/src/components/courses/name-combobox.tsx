'use client';

import { type KeyboardEvent, useRef, useState } from 'react';
import type { courseChoicesContract } from '@/app/api/courses/choices/contract';
import { Field } from '@/components/forms/form-field';
import { useSuggestionList } from '@/components/use-suggestion-list';
import type { CatalogList } from '@/courses/catalog-lists';
import type { CatalogNameSuggestion } from '@/courses/suggest-catalog-names';
import { callRoute } from '@/http/client';

const CONTROL =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-ink placeholder:text-slate-400 focus:border-brand-600 aria-[invalid=true]:border-red-600';

/**
 * A free-text field for an institution or subject that suggests existing ones as you type,
 * following the ARIA combobox pattern (focus stays in the input; arrow keys move
 * aria-activedescendant through the listbox, Enter or a click takes the highlighted name,
 * Escape closes the list). A name that is not suggested is kept as typed: the server files the
 * course under the existing entry it matches (case and accents ignored) or adds it.
 */
export function NameCombobox({
  id,
  name,
  list: catalogList,
  label,
  hint,
  error,
  defaultValue,
  maxLength,
  placeholder,
}: {
  id: string;
  name: string;
  list: CatalogList;
  label: string;
  hint: string;
  error?: string;
  defaultValue: string;
  maxLength: number;
  placeholder: string;
}) {
  const [value, setValue] = useState(defaultValue);
  const input = useRef<HTMLInputElement>(null);
  const list = useSuggestionList<CatalogNameSuggestion>(
    id,
    async (text, signal) => {
      const answer = await callRoute<typeof courseChoicesContract>(
        { method: 'GET', path: '/api/courses/choices' },
        { query: { list: catalogList, q: text }, signal },
      );
      // Offline or aborted: the field still takes whatever is typed.
      return answer.ok ? answer.data.suggestions : undefined;
    },
    // An answer that arrives after the member has moved on to another field stays closed.
    () => document.activeElement === input.current,
  );
  const { suggestions, open, active, expanded } = list;

  function pick(suggestion: CatalogNameSuggestion) {
    setValue(suggestion.name);
    list.close();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open && suggestions.length === 0) list.lookUp(value);
      else list.step(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter') {
      const suggestion = open && active >= 0 ? suggestions[active] : undefined;
      if (suggestion) {
        // Enter takes the highlighted name; it submits the form only when nothing is highlighted.
        event.preventDefault();
        pick(suggestion);
      }
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      list.close();
    }
  }

  return (
    <Field id={id} label={label} hint={hint} error={error} className="relative space-y-1">
      {(control) => (
        <>
          <input
            {...control}
            ref={input}
            name={name}
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={list.listboxId}
            aria-activedescendant={list.activeDescendant}
            autoComplete="off"
            required
            maxLength={maxLength}
            placeholder={placeholder}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              list.lookUp(event.target.value);
            }}
            onKeyDown={onKeyDown}
            onFocus={() => (suggestions.length > 0 ? list.setOpen(true) : list.lookUp(value))}
            onBlur={list.close}
            className={CONTROL}
          />
          <div
            id={list.listboxId}
            role="listbox"
            aria-label={`Existing ${catalogList}`}
            hidden={!expanded}
            className="absolute right-0 left-0 z-30 mt-1 max-h-72 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
          >
            {suggestions.map((suggestion, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/useFocusableInteractive: the ARIA combobox pattern: focus stays in the input, whose keys move aria-activedescendant and Enter picks the option
              <div
                key={suggestion.name}
                {...list.optionProps(index)}
                role="option"
                onClick={() => pick(suggestion)}
                className={`flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 text-sm ${index === active ? 'bg-brand-50' : ''}`}
              >
                <span className="truncate font-medium text-ink">{suggestion.name}</span>
                <span className="shrink-0 text-xs text-slate-600">
                  {suggestion.courseCount === 1 ? '1 course' : `${suggestion.courseCount} courses`}
                </span>
              </div>
            ))}
          </div>
          <p className="sr-only" aria-live="polite">
            {expanded
              ? `${suggestions.length} existing ${suggestions.length === 1 ? 'name' : 'names'} found`
              : ''}
          </p>
        </>
      )}
    </Field>
  );
}
