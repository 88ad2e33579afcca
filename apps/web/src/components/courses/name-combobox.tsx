'use client';

import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { courseChoicesContract } from '@/app/api/courses/choices/contract';
import { Field } from '@/components/forms/form-field';
import type { CatalogList } from '@/courses/catalog-lists';
import type { CatalogNameSuggestion } from '@/courses/suggest-catalog-names';
import { callRoute } from '@/http/client';

/** Wait for a pause in typing before asking, so a burst of keys costs one request. */
const DEBOUNCE_MS = 150;

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
  list,
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
  const [suggestions, setSuggestions] = useState<CatalogNameSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
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
    timer.current = setTimeout(async () => {
      // Only the latest text's answer may show: earlier requests are cancelled.
      const controller = new AbortController();
      request.current = controller;
      const answer = await callRoute<typeof courseChoicesContract>(
        { method: 'GET', path: '/api/courses/choices' },
        { query: { list, q: text }, signal: controller.signal },
      );
      // Offline or aborted: the field still takes whatever is typed.
      if (!answer.ok) return;
      setSuggestions(answer.data.suggestions);
      setActive(-1);
      // An answer that arrives after the member has moved on to another field stays closed.
      setOpen(answer.data.suggestions.length > 0 && document.activeElement === input.current);
    }, DEBOUNCE_MS);
  }

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function pick(suggestion: CatalogNameSuggestion) {
    setValue(suggestion.name);
    close();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = suggestions.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        if (count === 0) {
          fetchSuggestions(value);
          return;
        }
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
        // Enter takes the highlighted name; it submits the form only when nothing is highlighted.
        event.preventDefault();
        pick(suggestion);
      }
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  }

  const expanded = open && suggestions.length > 0;
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
            aria-controls={listboxId}
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            autoComplete="off"
            required
            maxLength={maxLength}
            placeholder={placeholder}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              fetchSuggestions(event.target.value);
            }}
            onKeyDown={onKeyDown}
            onFocus={() => (suggestions.length > 0 ? setOpen(true) : fetchSuggestions(value))}
            onBlur={close}
            className={CONTROL}
          />
          <div
            id={listboxId}
            role="listbox"
            aria-label={`Existing ${list}`}
            hidden={!expanded}
            className="absolute right-0 left-0 z-30 mt-1 max-h-72 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
          >
            {suggestions.map((suggestion, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/useFocusableInteractive: the ARIA combobox pattern: focus stays in the input, whose keys move aria-activedescendant and Enter picks the option
              <div
                key={suggestion.name}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                // Keep focus in the input, so the blur does not close the list before the click.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(suggestion)}
                onMouseEnter={() => setActive(index)}
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
