'use client';

import { type MouseEvent, useEffect, useRef, useState } from 'react';

/** Wait for a pause in typing before asking, so a burst of keys costs one request. */
const DEBOUNCE_MS = 150;

/**
 * The list of an ARIA combobox that suggests as you type: focus stays in the input, arrow keys
 * move aria-activedescendant through the listbox (`step`), past either end back to the typed
 * text. `lookUp` asks `load` once typing pauses; only the latest text's answer may show: earlier
 * requests are cancelled, and an answer that arrives all the same (cancelled too late, or
 * overtaken) is dropped. `load` answers undefined to leave the list as it is (no answer), and
 * the list opens on an answer only while `mayOpen` allows (e.g. the input still has the focus).
 * `id` is the input's; the listbox and its options are named after it.
 */
export function useSuggestionList<T>(
  id: string,
  load: (text: string, signal: AbortSignal) => Promise<T[] | undefined>,
  mayOpen: () => boolean = () => true,
) {
  const [suggestions, setSuggestions] = useState<T[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const request = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const listboxId = `${id}-suggestions`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const expanded = open && suggestions.length > 0;

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      request.current?.abort();
    },
    [],
  );

  function cancel() {
    clearTimeout(timer.current);
    request.current?.abort();
  }

  function lookUp(text: string) {
    cancel();
    timer.current = setTimeout(async () => {
      const controller = new AbortController();
      request.current = controller;
      const found = await load(text, controller.signal);
      if (controller.signal.aborted || request.current !== controller || !found) return;
      setSuggestions(found);
      setActive(-1);
      setOpen(found.length > 0 && mayOpen());
    }, DEBOUNCE_MS);
  }

  /** No list, and none coming for what was typed before. */
  function clear() {
    cancel();
    setSuggestions([]);
    setOpen(false);
  }

  function close() {
    setOpen(false);
    setActive(-1);
  }

  /** Arrow down (1) or up (-1): opens a closed list at its first or last suggestion. */
  function step(direction: 1 | -1) {
    const count = suggestions.length;
    if (!open) {
      setOpen(true);
      setActive(direction === 1 ? 0 : count - 1);
      return;
    }
    setActive((current) => {
      const next = current + direction;
      return next < -1 ? count - 1 : next >= count ? -1 : next;
    });
  }

  /** The highlighted option, the input's aria-activedescendant. */
  const activeDescendant = expanded && active >= 0 ? optionId(active) : undefined;

  /** An option's attributes besides its role (`option`); the option's own `onClick` picks it. */
  const optionProps = (index: number) =>
    ({
      id: optionId(index),
      'aria-selected': index === active,
      // Keep focus in the input, so the blur does not close the list before the click.
      onMouseDown: (event: MouseEvent) => event.preventDefault(),
      onMouseEnter: () => setActive(index),
    }) as const;

  return {
    suggestions,
    open,
    setOpen,
    active,
    expanded,
    lookUp,
    clear,
    close,
    step,
    listboxId,
    activeDescendant,
    optionProps,
  };
}
