import { describe, expect, it } from 'vitest';
import { describeDepthFunnel, describeReadingEnds } from './describe-reading';

const funnel = { reads: 59, reached: { 25: 47, 50: 30, 75: 22, 100: 18 } };

describe('describeDepthFunnel', () => {
  it('names each level by what was on screen and, for a document, about which page that is', () => {
    const { steps, note } = describeDepthFunnel(funnel, 4);
    expect(steps).toEqual([
      { label: 'Opened', detail: null, count: 59 },
      { label: 'Saw 25%', detail: 'about page 1', count: 47 },
      { label: 'Saw 50%', detail: 'about page 2', count: 30 },
      { label: 'Saw 75%', detail: 'about page 3', count: 22 },
      { label: 'Reached the end', detail: 'page 4', count: 18 },
    ]);
    // Why 47 of 59 "saw 25%" while many readers left from page 1: the first screen is page 1.
    expect(note).toBe(
      'A read counts at the furthest point it reached, even if the reader then went back up. What the first screen shows counts too: each page of this 4-page document is about 25% of it, so a reader who stayed on page 1 may already have seen that much.',
    );
  });

  it('leaves pages out for several documents, or a document of one page', () => {
    for (const pageCount of [null, 1]) {
      const { steps, note } = describeDepthFunnel(funnel, pageCount);
      expect(steps.map((step) => step.detail)).toEqual([null, null, null, null, null]);
      expect(note).toBe(
        'A read counts at the furthest point it reached, even if the reader then went back up. What the first screen shows counts too.',
      );
    }
    expect(describeDepthFunnel(funnel, 10).steps.map((step) => step.detail)).toEqual([
      null,
      'about page 3',
      'about page 5',
      'about page 8',
      'page 10',
    ]);
  });
});

describe('describeReadingEnds', () => {
  const pages = (stops: number[]) =>
    stops.map((count, index) => ({ page: index + 1, activeSeconds: 10, stops: count }));

  it('gives the most common last page out of the readers whose last page is known', () => {
    expect(describeReadingEnds(pages([28, 10, 9, 12]), 12).lastPage).toBe(
      'Readers most often left from page 1: 28 of the 59 readers whose last page is known (47%).',
    );
  });

  it('says why more readers reached the end than left on the last page (issue 30: 18 and 12)', () => {
    expect(describeReadingEnds(pages([28, 10, 9, 12]), 18).ends).toBe(
      '18 readers reached the end at some point (Reading depth), and 12 left while on the last page: a reader who reaches the end and goes back to an earlier page leaves from that page.',
    );
  });

  it('says why more readers left on the last page than reached its end', () => {
    expect(describeReadingEnds(pages([2, 0, 0, 3]), 1).ends).toBe(
      '3 readers left while on the last page, and 1 reached its end (Reading depth): a reader is on the page filling most of the screen, so they can leave on the last page before scrolling to its bottom.',
    );
  });

  it('has nothing to explain when the figures agree or nobody left from a known page', () => {
    expect(describeReadingEnds(pages([5, 0, 0, 3]), 3).ends).toBeNull();
    expect(describeReadingEnds(pages([0, 0, 0, 0]), 3)).toEqual({ lastPage: null, ends: null });
  });
});
