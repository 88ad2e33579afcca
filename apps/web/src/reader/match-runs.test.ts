import type { PageTextRun } from '@coursepack/db/schema';
import { describe, expect, it } from 'vitest';
import { HIGHLIGHT_END as E, HIGHLIGHT_START as S } from '@/search/highlight-delimiters';
import { foldWord, markedWords, markText, matchRuns, wordMatches } from './match-runs';

describe('foldWord', () => {
  it('folds accents, case and hyphens as the search index does', () => {
    expect(foldWord('Schrödinger')).toBe('schrodinger');
    expect(foldWord('B-tree')).toBe('btree');
    expect(foldWord('RÉSUMÉ')).toBe('resume');
  });
});

describe('markedWords', () => {
  it('reads the words a snippet marks', () => {
    expect(markedWords(`the ${S}Lenses${E} of ${S}Schrödinger's cat${E}`)).toEqual([
      'lenses',
      'schrodinger',
      's',
      'cat',
    ]);
  });
});

describe('wordMatches', () => {
  const terms = new Set(['lenses', 'eig']);
  it('matches words as typed, by prefix, and shorter forms of a word', () => {
    expect(wordMatches('lenses', terms)).toBe(true);
    expect(wordMatches('eigenvalue', terms)).toBe(true);
    expect(wordMatches('lens', terms)).toBe(true);
    expect(wordMatches('len', terms)).toBe(false);
    expect(wordMatches('light', terms)).toBe(false);
    expect(wordMatches('ei', new Set(['ei']))).toBe(true);
    expect(wordMatches('eight', new Set(['ei']))).toBe(false);
  });
});

describe('matchRuns', () => {
  it('boxes each matching word by its share of its run', () => {
    const runs: PageTextRun[] = [
      [0.1, 0.2, 0.4, 0.02, 'Thin lenses bend'],
      [0.1, 0.3, 0.2, 0.02, 'Résumé'],
      [0.1, 0.4, 0.2, 0.02, 'nothing here'],
    ];
    const boxes = matchRuns(runs, new Set(['lenses', 'resume']));
    expect(boxes).toHaveLength(2);
    expect(boxes[0]?.x).toBeCloseTo(0.1 + (0.4 * 5) / 16);
    expect(boxes[0]?.width).toBeCloseTo((0.4 * 6) / 16);
    expect(boxes[0]).toMatchObject({ y: 0.2, height: 0.02 });
    expect(boxes[1]?.x).toBeCloseTo(0.1);
    expect(boxes[1]?.width).toBeCloseTo(0.2);
    expect(matchRuns(runs, new Set())).toEqual([]);
  });
});

describe('markText', () => {
  it('splits a page’s text around the matched words', () => {
    expect(markText('Thin lenses bend light; a lens.', new Set(['lenses']))).toEqual([
      { text: 'Thin ', marked: false },
      { text: 'lenses', marked: true },
      { text: ' bend light; a ', marked: false },
      { text: 'lens', marked: true },
      { text: '.', marked: false },
    ]);
    expect(markText('Nothing here', new Set(['lenses']))).toEqual([
      { text: 'Nothing here', marked: false },
    ]);
  });
});
