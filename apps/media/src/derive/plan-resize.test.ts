import { describe, expect, it } from 'vitest';
import type { ResolvedStep } from '../grammar/parse-delivery-path';
import { fitWithinPixels, outputSize, planResize } from './plan-resize';

const px = (value: number) => ({ kind: 'px' as const, value });
const source = { width: 400, height: 200 };
const size = (step: ResolvedStep, from = source) => outputSize(from, planResize(from, step));

describe('planResize', () => {
  it('scale: exact box when both sides are given, aspect kept with one', () => {
    expect(size({ width: px(100), height: px(100) })).toEqual({ width: 100, height: 100 });
    expect(size({ width: px(100) })).toEqual({ width: 100, height: 50 });
    expect(size({ height: px(400) })).toEqual({ width: 800, height: 400 });
  });

  it('fit scales up or down to fit inside; limit only down', () => {
    expect(size({ crop: 'fit', width: px(100), height: px(100) })).toEqual({
      width: 100,
      height: 50,
    });
    expect(size({ crop: 'fit', width: px(800), height: px(800) })).toEqual({
      width: 800,
      height: 400,
    });
    expect(size({ crop: 'limit', width: px(800), height: px(800) })).toEqual(source);
    expect(size({ crop: 'limit', width: px(100), height: px(100) })).toEqual({
      width: 100,
      height: 50,
    });
  });

  it('fill covers the box exactly; thumb never enlarges', () => {
    expect(
      planResize(source, { crop: 'fill', width: px(100), height: px(100), gravity: 'auto' }),
    ).toEqual({
      kind: 'cover',
      width: 100,
      height: 100,
      gravity: 'auto',
    });
    expect(size({ crop: 'fill', width: px(1000), height: px(1000) })).toEqual({
      width: 1000,
      height: 1000,
    });
    expect(size({ crop: 'thumb', width: px(100), height: px(100) })).toEqual({
      width: 100,
      height: 100,
    });
    expect(size({ crop: 'thumb', width: px(1000), height: px(1000) })).toEqual({
      width: 200,
      height: 200,
    });
  });

  it('pad yields the exact box', () => {
    expect(planResize(source, { crop: 'pad', width: px(100), height: px(100) })).toMatchObject({
      kind: 'contain',
      width: 100,
      height: 100,
    });
  });

  it('ar_ completes a side or crops the source to the ratio', () => {
    expect(size({ crop: 'fill', aspectRatio: 1, width: px(50) })).toEqual({
      width: 50,
      height: 50,
    });
    expect(size({ crop: 'fill', aspectRatio: 1 })).toEqual({ width: 200, height: 200 });
    expect(size({ crop: 'pad', aspectRatio: 1 })).toEqual({ width: 400, height: 400 });
  });

  it('dpr_ multiplies the requested size; relative sizes follow the source', () => {
    expect(size({ width: px(100), dpr: 2 })).toEqual({ width: 200, height: 100 });
    expect(size({ dpr: 0.5 })).toEqual({ width: 200, height: 100 });
    expect(size({ width: { kind: 'relative', value: 0.25 } })).toEqual({ width: 100, height: 50 });
    expect(planResize(source, {})).toEqual({ kind: 'none' });
  });

  it('never plans a zero-pixel side', () => {
    expect(size({ width: px(1) }, { width: 1000, height: 1 })).toEqual({ width: 1, height: 1 });
  });
});

describe('fitWithinPixels', () => {
  it('leaves a source within the limit alone', () => {
    expect(fitWithinPixels({ width: 4096, height: 4096 }, 4096 * 4096)).toBeUndefined();
  });

  it('scales an oversized source down to the limit, keeping its aspect ratio', () => {
    expect(fitWithinPixels({ width: 7000, height: 7000 }, 16_777_216)).toEqual({
      width: 4096,
      height: 4096,
    });
    const wide = fitWithinPixels({ width: 8000, height: 2000 }, 1_000_000);
    expect(wide).toEqual({ width: 2000, height: 500 });
  });
});
