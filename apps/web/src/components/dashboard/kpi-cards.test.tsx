import type { OverviewStats } from '@coursepack/analytics/queries/get-overview-stats';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KpiCards } from './kpi-cards';

const overview: OverviewStats = {
  sessions: 1200,
  views: 3000,
  activeSeconds: 7500,
  reads: 400,
  reached: { 25: 340, 50: 280, 75: 200, 100: 172 },
  averageDepth: 62,
};

/** The card whose term is `label`: its figure and its change badge, if any. */
function card(label: string): HTMLElement {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.parentElement as HTMLElement;
}

describe('KpiCards', () => {
  it('shows each headline figure formatted, without badges when not comparing', () => {
    render(<KpiCards overview={overview} previous={null} period="previous 30 days" />);
    expect(within(card('Visitors')).getByText('1,200')).toBeTruthy();
    expect(within(card('Reading time')).getByText('2h 5m')).toBeTruthy();
    expect(within(card('Average depth')).getByText('62%')).toBeTruthy();
    expect(
      within(card('Average depth')).getByText('Furthest point seen, over 400 document reads'),
    ).toBeTruthy();
    expect(screen.queryByTitle(/previous 30 days/)).toBeNull();
  });

  it('badges each change for the eye and says it in words for screen readers', () => {
    const previous = { ...overview, sessions: 1000, views: 3000, averageDepth: 65 };
    render(<KpiCards overview={overview} previous={previous} period="previous 30 days" />);
    const visitors = within(card('Visitors'));
    expect(visitors.getByText('▲ 20%').getAttribute('aria-hidden')).toBe('true');
    expect(visitors.getByText('up 20% from 1,000 in the previous 30 days')).toBeTruthy();
    expect(visitors.getByText('1,000 in the previous 30 days')).toBeTruthy();
    expect(within(card('Views')).getByText('No change')).toBeTruthy();
    expect(within(card('Average depth')).getByText('▼ 3 pts')).toBeTruthy();
    expect(within(card('Average depth')).getByText('65% in the previous 30 days')).toBeTruthy();
  });

  it('names visitors for what they are: browsers, which the tracker remembers', () => {
    render(<KpiCards overview={overview} previous={null} period="previous 30 days" />);
    expect(
      within(card('Visitors')).getByText(
        'Different browsers: one person on two devices counts twice',
      ),
    ).toBeTruthy();
  });

  it('gives a large rise over a small previous figure as a percentage (issue 30)', () => {
    const now = { ...overview, sessions: 541 };
    const previous = { ...overview, sessions: 86 };
    render(<KpiCards overview={now} previous={previous} period="previous 30 days" />);
    expect(within(card('Visitors')).getByText('▲ 529%')).toBeTruthy();
    expect(within(card('Visitors')).getByText('86 in the previous 30 days')).toBeTruthy();
  });

  it('calls a figure that had nothing to compare with New rather than an infinite rise', () => {
    const previous = { ...overview, sessions: 0, averageDepth: null };
    render(<KpiCards overview={overview} previous={previous} period="previous 7 days" />);
    const visitors = within(card('Visitors'));
    expect(visitors.getByText('New')).toBeTruthy();
    expect(visitors.getByText('none in the previous 7 days')).toBeTruthy();
    expect(within(card('Average depth')).getByText('New')).toBeTruthy();
  });
});
