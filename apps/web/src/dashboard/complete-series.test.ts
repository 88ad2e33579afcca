import { describe, expect, it } from 'vitest';
import { completeDailySeries, completePageSeries, summarizeAttention } from './complete-series';

describe('completeDailySeries', () => {
  it('fills every day of the range, quiet days as zeros', () => {
    const range = {
      from: new Date('2026-03-01T00:00:00Z'),
      to: new Date('2026-03-04T00:00:00Z'),
    };
    const busy = { day: '2026-03-02', sessions: 3, views: 5, activeSeconds: 40 };
    expect(completeDailySeries([busy], range)).toEqual([
      { day: '2026-03-01', sessions: 0, views: 0, activeSeconds: 0 },
      busy,
      { day: '2026-03-03', sessions: 0, views: 0, activeSeconds: 0 },
    ]);
  });
});

describe('completePageSeries', () => {
  it('lists every page of the document, and pages seen beyond its count', () => {
    const read = { page: 2, activeSeconds: 10, stops: 1 };
    expect(completePageSeries([read], 3).map((page) => page.page)).toEqual([1, 2, 3]);
    expect(completePageSeries([read], 3)[1]).toEqual(read);
    expect(completePageSeries([read], 1).map((page) => page.page)).toEqual([1, 2]);
  });
});

describe('summarizeAttention', () => {
  it('finds the page read longest and the page most readers stopped on', () => {
    const pages = [
      { page: 1, activeSeconds: 30, stops: 1 },
      { page: 2, activeSeconds: 90, stops: 0 },
      { page: 3, activeSeconds: 10, stops: 2 },
    ];
    expect(summarizeAttention(pages)).toEqual({
      mostRead: pages[1],
      mostStops: pages[2],
      totalStops: 3,
    });
  });

  it('finds nothing in a document nobody read', () => {
    expect(summarizeAttention([{ page: 1, activeSeconds: 0, stops: 0 }])).toEqual({
      mostRead: null,
      mostStops: null,
      totalStops: 0,
    });
  });
});
