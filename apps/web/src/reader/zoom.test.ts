import { describe, expect, it } from 'vitest';
import { pageImageSizes, pageImageSrcSet, pageWidthAt, parseZoom, stepZoom } from './zoom';

describe('zoom', () => {
  it('steps through fit width and 100–300 %, stopping at the ends', () => {
    expect(stepZoom('fit', 1)).toBe(100);
    expect(stepZoom(100, 1)).toBe(125);
    expect(stepZoom(300, 1)).toBe(300);
    expect(stepZoom(100, -1)).toBe('fit');
    expect(stepZoom('fit', -1)).toBe('fit');
    expect(parseZoom('150')).toBe(150);
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
