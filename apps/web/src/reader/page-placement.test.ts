import { describe, expect, it } from 'vitest';
import { containedPlacement, placeShape } from './page-placement';

describe('containedPlacement', () => {
  it('covers the whole place when the picture has its shape', () => {
    expect(containedPlacement(placeShape(false), Math.SQRT2)).toEqual({
      left: '0%',
      top: '0.000%',
      width: '100%',
      height: '100.000%',
    });
  });

  it('puts a US Letter page in an A4 place between bars above and below', () => {
    // Letter is 8.5 × 11 in: 11 / 8.5 high for its width; A4's place is √2 high.
    const letter = containedPlacement(placeShape(false), 11 / 8.5);
    expect(letter.width).toBe('100%');
    expect(letter.height).toBe('91.508%');
    expect(letter.top).toBe('4.246%');
  });

  it('puts a 16:9 slide in a landscape place between bars above and below', () => {
    const slide = containedPlacement(placeShape(true), 9 / 16);
    // 9/16 of the width high, in a place 1/√2 of it high: 79.5 % of the place.
    expect(slide).toEqual({ left: '0%', top: '10.225%', width: '100%', height: '79.550%' });
  });

  it('puts a page taller than the place between bars left and right', () => {
    const tall = containedPlacement(placeShape(false), 2);
    expect(tall).toEqual({ left: '14.645%', top: '0%', width: '70.711%', height: '100%' });
  });

  it('covers the place when the picture has no usable shape', () => {
    for (const shape of [0, Number.NaN, -1]) {
      expect(containedPlacement(Math.SQRT2, shape).width).toBe('100%');
    }
  });
});
