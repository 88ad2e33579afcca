import { describe, expect, it } from 'vitest';
import { MAX_QUERY_LENGTH, parseSearchQuery } from './parse-search-query';

describe('parseSearchQuery', () => {
  it('keeps the text single-spaced and lists its words in lower case once each', () => {
    expect(parseSearchQuery('  Linear   Algebra linear ')).toEqual({
      text: 'Linear Algebra linear',
      words: ['linear', 'algebra'],
      partialWord: undefined,
    });
  });

  it('treats the last word as still being typed unless a space follows it', () => {
    expect(parseSearchQuery('linear alg').partialWord).toBe('alg');
    expect(parseSearchQuery('linear alg ').partialWord).toBeUndefined();
    expect(parseSearchQuery('linear alg)').partialWord).toBeUndefined();
  });

  it('replaces control characters, lone surrogates and the highlight delimiters by spaces', () => {
    const parsed = parseSearchQuery('a\u0000b\u0002c\u0003d\uD800e\u2028f');
    expect(parsed.text).toBe('a b c d e f');
  });

  it('cuts long input at a word boundary within the length limit', () => {
    const parsed = parseSearchQuery('wavefunction '.repeat(1000));
    expect(parsed.text.length).toBeLessThanOrEqual(MAX_QUERY_LENGTH);
    expect(parsed.text.endsWith('wavefunction')).toBe(true);
    expect(parsed.words).toEqual(['wavefunction']);
    expect(parseSearchQuery('x'.repeat(10_000)).text).toHaveLength(MAX_QUERY_LENGTH);
  });

  it('keeps letters of every script and drops punctuation from the words', () => {
    expect(parseSearchQuery(`Ärger 数学 'drop'; --table`).words).toEqual([
      'ärger',
      '数学',
      'drop',
      'table',
    ]);
  });
});
