import type { PageTextRun } from '@coursepack/db/schema';
import { HIGHLIGHT_END, HIGHLIGHT_START } from '@/search/highlight-delimiters';

/** A highlight on a page, in fractions of the page (as runs are). */
export interface HighlightBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

const WORD = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu;

/**
 * A word as the search index compares it (docs/search.md, folding): accents off, lower case,
 * hyphens joined (`Schrödinger` → `schrodinger`, `B-tree` → `btree`).
 */
export function foldWord(word: string): string {
  return word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replaceAll('-', '');
}

/** The words a snippet marks (between the search highlight delimiters), folded. */
export function markedWords(snippet: string): string[] {
  const words: string[] = [];
  for (const part of snippet.split(HIGHLIGHT_START).slice(1)) {
    const [marked = ''] = part.split(HIGHLIGHT_END);
    for (const word of marked.match(WORD) ?? []) words.push(foldWord(word));
  }
  return words;
}

/** Shortest query word matched as the beginning of a page's word (the search's prefixes). */
const MIN_PREFIX = 3;
/** A page's word this long or longer also matches a query word it begins (`lens` for `lenses`). */
const MIN_STEM = 4;

/** Whether a page's word (folded) is one the query found. */
export function wordMatches(word: string, terms: ReadonlySet<string>): boolean {
  if (terms.has(word)) return true;
  for (const term of terms) {
    if (term.length >= MIN_PREFIX && word.startsWith(term)) return true;
    if (word.length >= MIN_STEM && term.startsWith(word)) return true;
  }
  return false;
}

/** A word a find matched: characters `start`..`end` of run `run` of a page. */
export interface RunMatch {
  run: number;
  start: number;
  end: number;
}

/**
 * The words of a page's runs that a find matched. `terms` are folded (foldWord): the query's
 * words and the words its snippets marked.
 */
export function findRunMatches(
  runs: readonly PageTextRun[],
  terms: ReadonlySet<string>,
): RunMatch[] {
  if (terms.size === 0) return [];
  const matches: RunMatch[] = [];
  runs.forEach(([, , , , text], run) => {
    for (const match of text.matchAll(WORD)) {
      if (wordMatches(foldWord(match[0]), terms)) {
        matches.push({ run, start: match.index, end: match.index + match[0].length });
      }
    }
  });
  return matches;
}

/**
 * A match's box by its share of its run's characters: close for short runs and even-width
 * letters; the reader measures the placed text instead where it can (page-overlay.tsx).
 */
export function proportionalBox(runs: readonly PageTextRun[], match: RunMatch): HighlightBox {
  const [x = 0, y = 0, width = 0, height = 0, text = ''] = runs[match.run] ?? [];
  const length = Math.max(1, text.length);
  return {
    x: x + (width * match.start) / length,
    y,
    width: (width * (match.end - match.start)) / length,
    height,
  };
}

/** Where the words a find matched are on a page, by proportion (proportionalBox). */
export function matchRuns(
  runs: readonly PageTextRun[],
  terms: ReadonlySet<string>,
): HighlightBox[] {
  return findRunMatches(runs, terms).map((match) => proportionalBox(runs, match));
}

/** A page's text in pieces, `marked` where a find matched a word (for the text view). */
export function markText(
  text: string,
  terms: ReadonlySet<string>,
): { text: string; marked: boolean }[] {
  const matches = findRunMatches([[0, 0, 0, 0, text]], terms);
  const pieces: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const { start, end } of matches) {
    if (start > at) pieces.push({ text: text.slice(at, start), marked: false });
    pieces.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < text.length || pieces.length === 0) pieces.push({ text: text.slice(at), marked: false });
  return pieces;
}
