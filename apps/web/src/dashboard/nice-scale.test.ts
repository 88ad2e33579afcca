import { describe, expect, it } from 'vitest';
import { niceMax } from './nice-scale';

describe('niceMax', () => {
  it('rounds the largest value up to 1, 2 or 5 times a power of ten', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(12)).toBe(20);
    expect(niceMax(20)).toBe(20);
    expect(niceMax(340)).toBe(500);
    expect(niceMax(5001)).toBe(10000);
  });
});
