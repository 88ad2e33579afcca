import { describe, expect, it } from 'vitest';
import { niceDurationMax, niceMax } from './nice-scale';

describe('niceMax', () => {
  it('rounds the largest value up to 1, 2 or 5 times a power of ten', () => {
    expect(niceMax(7)).toBe(10);
    expect(niceMax(12)).toBe(20);
    expect(niceMax(20)).toBe(20);
    expect(niceMax(340)).toBe(500);
    expect(niceMax(5001)).toBe(10000);
  });

  it('keeps small count axes on whole numbers, halves included', () => {
    expect(niceMax(0)).toBe(2);
    expect(niceMax(1)).toBe(2);
    expect(niceMax(3)).toBe(4);
    expect(niceMax(5)).toBe(10);
  });
});

describe('niceDurationMax', () => {
  it('rounds seconds up to a round number of seconds, minutes or hours', () => {
    expect(niceDurationMax(0)).toBe(10);
    expect(niceDurationMax(45)).toBe(60);
    expect(niceDurationMax(1000)).toBe(20 * 60);
    expect(niceDurationMax(2 * 3600 + 46 * 60)).toBe(3 * 3600);
    expect(niceDurationMax(30 * 3600)).toBe(50 * 3600);
  });
});
