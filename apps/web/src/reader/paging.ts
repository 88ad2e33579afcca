/** Keyboard paging in the reader: which key does what, and where each command leads. */

export type PagingCommand = 'next' | 'previous' | 'first' | 'last';

/** What of a keydown event decides paging (a KeyboardEvent has all of it). */
export interface PagingKey {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  /** Where the key was typed: an element with at least these fields, or none. */
  target: EventTarget | null;
}

const COMMANDS: Readonly<Record<string, PagingCommand>> = {
  ArrowRight: 'next',
  ArrowLeft: 'previous',
  j: 'next',
  J: 'next',
  k: 'previous',
  K: 'previous',
  Home: 'first',
  End: 'last',
};

/** Fields whose arrow, Home and End keys move a caret or a choice, not the page. */
const TYPING_ELEMENTS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/** True for an element that takes typing: a field, a select, editable content, a textbox role. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (target === null || typeof target !== 'object') return false;
  const element = target as { tagName?: unknown; isContentEditable?: unknown; role?: unknown };
  return (
    (typeof element.tagName === 'string' && TYPING_ELEMENTS.has(element.tagName)) ||
    element.isContentEditable === true ||
    element.role === 'textbox'
  );
}

/**
 * The command of a key pressed in the reader: ←/→ and K/J page back and forward, Home and End go
 * to the first and last page. None while typing in a field (the find box, the page number) or
 * with a modifier held (Alt+← is the browser's Back, Ctrl+End its own).
 */
export function pagingCommandOf(event: PagingKey): PagingCommand | undefined {
  if (event.altKey || event.ctrlKey || event.metaKey || isTypingTarget(event.target)) {
    return undefined;
  }
  return COMMANDS[event.key];
}

/** The share of the pages' visible width that ← or → scrolls a zoomed page by. */
const SIDEWAYS_STEP = 0.4;

/**
 * What ← or → does to a page zoomed wider than the reader: scrolls it sideways by this many CSS
 * pixels until its edge is in view, and only then turns the page (undefined). Keyboard readers
 * have no other way to reach a zoomed page's sides; J and K always turn the page.
 */
export function sidewaysScrollOf(
  key: string,
  box: { scrollLeft: number; scrollWidth: number; clientWidth: number },
): number | undefined {
  const direction = key === 'ArrowRight' ? 1 : key === 'ArrowLeft' ? -1 : 0;
  if (direction === 0) return undefined;
  // Less than a pixel left: a fractional scroll position at the edge.
  const room =
    direction === 1 ? box.scrollWidth - box.clientWidth - box.scrollLeft : box.scrollLeft;
  return room >= 1
    ? direction * Math.min(room, Math.round(box.clientWidth * SIDEWAYS_STEP))
    : undefined;
}

/** The page a command leads to from `current`, within 1..pageCount. */
export function pageAfter(command: PagingCommand, current: number, pageCount: number): number {
  const last = Math.max(1, pageCount);
  switch (command) {
    case 'next':
      return Math.min(last, current + 1);
    case 'previous':
      return Math.max(1, current - 1);
    case 'first':
      return 1;
    case 'last':
      return last;
  }
}

/** A page number typed into the jump field, or undefined when it is not one of the document's. */
export function readPageNumber(text: string, pageCount: number): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,6}$/.test(trimmed)) return undefined;
  const page = Number(trimmed);
  return page >= 1 && page <= pageCount ? page : undefined;
}
