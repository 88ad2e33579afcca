import { describe, expect, it } from 'vitest';
import { pageNumber, single, slugParam } from './search-params';

describe('query parameters', () => {
  it('takes the first of repeated values', () => {
    expect(single(['a', 'b'])).toBe('a');
    expect(single('')).toBeUndefined();
  });

  it.each([
    [undefined, 1],
    ['3', 3],
    ['0', 1],
    ['-2', 1],
    ['2.5', 1],
    ['abc', 1],
    ['99999999999', 1],
  ])('reads page %j as %d', (value, expected) => {
    expect(pageNumber(value)).toBe(expected);
  });

  it('ignores filters that could not be slugs', () => {
    expect(slugParam('computer-science')).toBe('computer-science');
    expect(slugParam("x' OR 1=1 --")).toBeUndefined();
    expect(slugParam('a'.repeat(81))).toBeUndefined();
  });
});
