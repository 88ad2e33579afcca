import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DepthFunnelChart } from './depth-funnel';

describe('DepthFunnelChart', () => {
  it("shows each depth level's share of the reads, and the count", () => {
    render(
      <DepthFunnelChart
        funnel={{ reads: 300, reached: { 25: 150, 50: 90, 75: 1, 100: 0 } }}
        pageCount={null}
      />,
    );
    const steps = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(steps).toEqual([
      'Opened100% (300)',
      'Saw 25%50% (150)',
      'Saw 50%30% (90)',
      'Saw 75%<1% (1)',
      'Reached the end0% (0)',
    ]);
    expect(screen.getByText(/counts at the furthest point it reached/)).toBeTruthy();
  });

  it("places the levels in a document's pages on its own dashboard", () => {
    render(
      <DepthFunnelChart
        funnel={{ reads: 59, reached: { 25: 47, 50: 30, 75: 22, 100: 18 } }}
        pageCount={4}
      />,
    );
    const steps = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(steps[1]).toBe('Saw 25%about page 180% (47)');
    expect(steps[4]).toBe('Reached the endpage 431% (18)');
    expect(screen.getByText(/each page of this 4-page document is about 25% of it/)).toBeTruthy();
  });

  it('says so when nobody read a document, instead of empty bars', () => {
    render(
      <DepthFunnelChart
        funnel={{ reads: 0, reached: { 25: 0, 50: 0, 75: 0, 100: 0 } }}
        pageCount={null}
      />,
    );
    expect(screen.getByText('No documents read in this period')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
