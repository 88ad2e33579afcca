import { describe, expect, it } from 'vitest';
import { findImageDraws } from './image-draws';

describe('findImageDraws', () => {
  it("finds a scanner's one image and where it goes", () => {
    expect(findImageDraws('q 612 0 0 792 0 0 cm /Im0 Do Q')).toEqual([
      { name: 'Im0', matrix: [612, 0, 0, 792, 0, 0] },
    ]);
  });

  it('composes nested transformations, the inner one applied first', () => {
    // Scale by 2, then move by (10, 20): the image's corner lands at (10, 20), its size doubles.
    const draws = findImageDraws('q 1 0 0 1 10 20 cm q 2 0 0 2 0 0 cm % a comment\n/Im1 Do Q Q');
    expect(draws).toEqual([{ name: 'Im1', matrix: [2, 0, 0, 2, 10, 20] }]);
  });

  it('restores the transformation after Q', () => {
    const draws = findImageDraws('q 2 0 0 2 0 0 cm /A Do Q /B Do');
    expect(draws?.map((draw) => draw.matrix)).toEqual([
      [2, 0, 0, 2, 0, 0],
      [1, 0, 0, 1, 0, 0],
    ]);
  });

  it.each([
    ['text', 'BT /F1 12 Tf (zorblax) Tj ET'],
    ['a path', 'q 612 0 0 792 0 0 cm /Im0 Do Q 0 0 10 10 re f'],
    ['an inline image', 'BI /W 1 /H 1 /BPC 8 /CS /G ID x EI'],
    ['a graphics state', '/GS0 gs /Im0 Do'],
    ['a Q without its q', 'Q /Im0 Do'],
    ['operands left over', '/Im0 Do 1 2'],
  ])('answers undefined for a page that draws %s', (_, content) => {
    expect(findImageDraws(content)).toBeUndefined();
  });
});
