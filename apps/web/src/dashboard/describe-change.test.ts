import { describe, expect, it } from 'vitest';
import { describeChange, describePreviousPeriod } from './describe-change';

const period = 'previous 30 days';

describe('describeChange', () => {
  it('says how much a figure rose or fell in percent of the previous figure', () => {
    expect(describeChange(112, 100, period)).toEqual({
      direction: 'up',
      label: '▲ 12%',
      text: 'up 12% from the previous 30 days',
    });
    expect(describeChange(75, 100, period)).toEqual({
      direction: 'down',
      label: '▼ 25%',
      text: 'down 25% from the previous 30 days',
    });
  });

  it('calls a change that rounds to zero no change', () => {
    expect(describeChange(1002, 1000, period)?.direction).toBe('flat');
  });

  it('calls a figure new when the previous period had none', () => {
    expect(describeChange(5, 0, period)).toEqual({
      direction: 'new',
      label: 'New',
      text: 'none in the previous 30 days',
    });
    expect(describeChange(0, 0, period)?.direction).toBe('flat');
  });

  it('calls a rise over a nearly empty previous period new, not a huge percentage', () => {
    expect(describeChange(540, 93, period)).toEqual({
      direction: 'new',
      label: 'New',
      text: 'up from almost none in the previous 30 days',
    });
    expect(describeChange(40, 9, period)?.label).toBe('New');
    // Just at the thresholds a percentage still means something.
    expect(describeChange(50, 10, period)?.label).toBe('▲ 400%');
    expect(describeChange(11, 10, period)?.label).toBe('▲ 10%');
    // A fall is a fall, however small the previous figure.
    expect(describeChange(2, 8, period)?.label).toBe('▼ 75%');
  });

  it('moves a depth in points, not percent', () => {
    expect(describeChange(62, 50, period, 'points')).toEqual({
      direction: 'up',
      label: '▲ 12 pts',
      text: 'up 12 points from the previous 30 days',
    });
    expect(describeChange(49, 50, period, 'points')?.text).toBe(
      'down 1 point from the previous 30 days',
    );
    expect(describeChange(40, null, period, 'points')?.direction).toBe('new');
    expect(describeChange(null, 40, period, 'points')?.direction).toBe('down');
  });

  it('has nothing to say without a previous period', () => {
    expect(describeChange(5, undefined, period)).toBeNull();
  });
});

describe('describePreviousPeriod', () => {
  it('names the previous period by its length in days', () => {
    const day = (date: string) => new Date(`${date}T00:00:00Z`);
    expect(describePreviousPeriod({ from: day('2026-03-01'), to: day('2026-03-31') })).toBe(
      'previous 30 days',
    );
    expect(describePreviousPeriod({ from: day('2026-03-01'), to: day('2026-03-02') })).toBe(
      'previous day',
    );
    expect(
      describePreviousPeriod({ from: day('2026-03-01'), to: new Date('2026-03-01T06:00:00Z') }),
    ).toBe('previous period');
  });
});
