import { describe, expect, it } from 'vitest';
import { computeScrollDepth, getScrollActions, getScrollLevel } from './compute-scroll-depth';

describe('computeScrollDepth', () => {
  it('is the visible bottom edge over the content height, in percent', () => {
    expect(computeScrollDepth(0, 1000, 4000)).toBe(25);
    expect(computeScrollDepth(1000, 1000, 4000)).toBe(50);
    expect(computeScrollDepth(2800, 1000, 4000)).toBe(95);
    expect(computeScrollDepth(3000, 1000, 4000)).toBe(100);
    expect(computeScrollDepth(123, 456, 7890)).toBeCloseTo(((123 + 456) / 7890) * 100, 10);
  });

  it('counts content that fits its box as fully seen', () => {
    expect(computeScrollDepth(0, 800, 600)).toBe(100);
    expect(computeScrollDepth(0, 800, 800)).toBe(100);
  });

  it('clamps overscroll (rubber-banding) to 0–100', () => {
    expect(computeScrollDepth(-2000, 1000, 4000)).toBe(0);
    expect(computeScrollDepth(3500, 1000, 4000)).toBe(100);
  });

  it.each([
    [0, 0, 0],
    [0, 100, 0],
    [0, 0, -1],
    [Number.NaN, 100, 1000],
    [0, Number.NaN, 1000],
    [0, 100, Number.NaN],
  ])('is 0 for a box with no measurable content (%d, %d, %d)', (top, height, total) => {
    expect(computeScrollDepth(top, height, total)).toBe(0);
  });
});

describe('getScrollLevel', () => {
  it.each([
    [0, 0],
    [24.99, 0],
    [25, 1],
    [49.9, 1],
    [50, 2],
    [74.9, 2],
    [75, 3],
    [94.99, 3],
    [95, 4],
    [100, 4],
  ])('depth %s is level %s', (depth, level) => {
    expect(getScrollLevel(depth)).toBe(level);
  });
});

describe('getScrollActions', () => {
  it('fires one action per threshold entered going down, in order', () => {
    expect(getScrollActions(0, 1)).toEqual(['scroll_25']);
    expect(getScrollActions(0, 4)).toEqual(['scroll_25', 'scroll_50', 'scroll_75', 'scroll_100']);
    expect(getScrollActions(1, 3)).toEqual(['scroll_50', 'scroll_75']);
  });

  it('fires one action per threshold dropped below going up, in order', () => {
    expect(getScrollActions(4, 0)).toEqual(['scroll_up_75', 'scroll_up_50', 'scroll_up_25']);
    expect(getScrollActions(3, 2)).toEqual(['scroll_up_75']);
    expect(getScrollActions(2, 0)).toEqual(['scroll_up_50', 'scroll_up_25']);
  });

  it('fires nothing leaving the 95 % band for the 75 % one, or staying put', () => {
    expect(getScrollActions(4, 3)).toEqual([]);
    expect(getScrollActions(2, 2)).toEqual([]);
    expect(getScrollActions(0, 0)).toEqual([]);
  });
});
