import { describe, expect, it } from 'vitest';
import {
  doubleTapZoom,
  fitScale,
  pageImageSizes,
  pageImageSrcSet,
  pageWidthAt,
  parseZoom,
  scaleOf,
  stepZoom,
  ZOOMS,
  type Zoom,
  zoomKeyOf,
} from './zoom';

/** Fit width in a 1280 px laptop's column (958 to 960 px) and on a 390 px phone (358 px). */
const LAPTOP = fitScale(958);
const PHONE = fitScale(358);

/** Every step from `zoom` in `direction`, as the buttons would take them, to the end. */
function walk(zoom: Zoom, direction: 1 | -1, fit: number): Zoom[] {
  const steps: Zoom[] = [];
  for (let next = stepZoom(zoom, direction, fit); next !== undefined; ) {
    steps.push(next);
    next = stepZoom(next, direction, fit);
  }
  return steps;
}

describe('zoom', () => {
  it('steps from the scale the page is shown at: "+" from fit width always makes it bigger', () => {
    expect(LAPTOP).toBeCloseTo(117.4, 1);
    // Issue 30: "+" from fit width made a laptop's page smaller (958 → 816 px) and "−" bigger.
    expect(stepZoom('fit', 1, LAPTOP)).toBe(125);
    expect(stepZoom('fit', -1, LAPTOP)).toBe(100);
    expect(walk('fit', 1, LAPTOP)).toEqual([125, 150, 200, 300]);
    expect(walk('fit', -1, LAPTOP)).toEqual([100, 75]);
    // Back down from a zoomed page, fit width is a step at its own scale.
    expect(walk(300, -1, LAPTOP)).toEqual([200, 150, 125, 'fit', 100, 75]);
    expect(walk(75, 1, LAPTOP)).toEqual([100, 'fit', 125, 150, 200, 300]);
    // On a phone fit width (44 %) is the smallest, and "+" leads on to readable sizes.
    expect(walk('fit', 1, PHONE)).toEqual([75, 100, 125, 150, 200, 300]);
    expect(stepZoom('fit', -1, PHONE)).toBeUndefined();
    expect(walk(100, -1, PHONE)).toEqual([75, 'fit']);
  });

  it('makes every step change the page’s width, in the direction asked', () => {
    for (const columnWidth of [300, 358, 600, 780, 816, 830, 958, 1200, 2400, 2600]) {
      const fit = fitScale(columnWidth);
      for (const zoom of ZOOMS) {
        for (const direction of [1, -1] as const) {
          const next = stepZoom(zoom, direction, fit);
          if (next === undefined) continue;
          const ratio = scaleOf(next, fit) / scaleOf(zoom, fit);
          expect(direction === 1 ? ratio > 1.05 : ratio < 0.95, `${columnWidth} ${zoom}`).toBe(
            true,
          );
        }
      }
    }
    // A fit width within 5 % of a level skips that level, which would look the same.
    expect(stepZoom('fit', 1, fitScale(800))).toBe(125);
    expect(stepZoom(100, 1, fitScale(800))).toBe(125);
  });

  it('double-taps between fit width and a readable size', () => {
    expect(doubleTapZoom('fit', PHONE)).toBe(100);
    expect(doubleTapZoom('fit', LAPTOP)).toBe(200);
    expect(doubleTapZoom(100, PHONE)).toBe('fit');
    expect(doubleTapZoom(150, PHONE)).toBe('fit');
    // Smaller than fit width: tapped up to the readable size, not "back" to fit.
    expect(doubleTapZoom(75, LAPTOP)).toBe(200);
    expect(doubleTapZoom('fit', fitScale(2400))).toBe(300);
  });

  it('zooms with + and − outside fields, leaving Ctrl and + to the browser', () => {
    const key = (key: string, more: Partial<Parameters<typeof zoomKeyOf>[0]> = {}) =>
      zoomKeyOf({ key, altKey: false, ctrlKey: false, metaKey: false, target: null, ...more });
    expect(key('+')).toBe(1);
    expect(key('=')).toBe(1);
    expect(key('-')).toBe(-1);
    expect(key('j')).toBeUndefined();
    expect(key('+', { ctrlKey: true })).toBeUndefined();
    expect(key('-', { target: { tagName: 'INPUT' } as unknown as EventTarget })).toBeUndefined();
  });

  it('reads the menu’s values', () => {
    expect(parseZoom('150')).toBe(150);
    expect(parseZoom('75')).toBe(75);
    expect(parseZoom('17')).toBe('fit');
  });

  it('sizes pages and their images for the screen’s pixels', () => {
    expect(pageWidthAt('fit')).toBeUndefined();
    expect(pageWidthAt(200)).toBe(1632);
    expect(pageImageSizes(150)).toBe('1224px');
    expect(pageImageSizes('fit')).toContain('100vw');
    expect(
      pageImageSrcSet(
        [
          { width: 500, url: 'https://m/w_500,pg_0/a' },
          { width: 1000, url: 'https://m/w_1000,pg_0/a' },
        ],
        7,
        (url, page) => url.replace('pg_0', `pg_${page}`),
      ),
    ).toBe('https://m/w_500,pg_7/a 500w, https://m/w_1000,pg_7/a 1000w');
  });
});
