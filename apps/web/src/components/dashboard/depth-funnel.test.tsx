import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DepthFunnelChart } from './depth-funnel';

describe('DepthFunnelChart', () => {
  it("shows each depth level's share of everyone who opened a document, and the count", () => {
    render(
      <DepthFunnelChart funnel={{ reads: 300, reached: { 25: 150, 50: 90, 75: 1, 100: 0 } }} />,
    );
    const steps = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(steps).toEqual([
      'Opened100% (300)',
      'Read 25%50% (150)',
      'Read 50%30% (90)',
      'Read 75%<1% (1)',
      'Finished0% (0)',
    ]);
  });

  it('says so when nobody read a document, instead of empty bars', () => {
    render(<DepthFunnelChart funnel={{ reads: 0, reached: { 25: 0, 50: 0, 75: 0, 100: 0 } }} />);
    expect(screen.getByText('No documents read in this period')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
