import { describe, expect, it } from 'vitest';
import { formatCount, formatDepth } from '@/format/format-numbers';
import { describeChange, describePreviousPeriod } from './describe-change';

const period = 'previous 30 days';
const counts = { format: formatCount };
const depths = { unit: 'points', format: formatDepth } as const;

describe('describeChange', () => {
  it('says how much a figure rose or fell in percent of the previous figure, and from what', () => {
    expect(describeChange(112, 100, period, counts)).toEqual({
      direction: 'up',
      label: '▲ 12%',
      text: 'up 12% from 100 in the previous 30 days',
      previous: '100',
    });
    expect(describeChange(75, 100, period, counts)).toEqual({
      direction: 'down',
      label: '▼ 25%',
      text: 'down 25% from 100 in the previous 30 days',
      previous: '100',
    });
  });

  it('calls a change that rounds to zero no change', () => {
    expect(describeChange(1002, 1000, period, counts)?.direction).toBe('flat');
  });

  it('calls a figure new only when the previous period had none', () => {
    expect(describeChange(5, 0, period, counts)).toEqual({
      direction: 'new',
      label: 'New',
      text: 'none in the previous 30 days',
      previous: '0',
    });
    expect(describeChange(0, 0, period, counts)?.direction).toBe('flat');
  });

  it('gives real growth as a percentage, however small the previous figure was', () => {
    // The dashboard of issue 30: 541 visitors against 86 read "New — up from almost none".
    expect(describeChange(541, 86, period, counts)).toEqual({
      direction: 'up',
      label: '▲ 529%',
      text: 'up 529% from 86 in the previous 30 days',
      previous: '86',
    });
    expect(describeChange(40, 1, period, counts)?.label).toBe('▲ 3,900%');
    expect(describeChange(2, 8, period, counts)?.label).toBe('▼ 75%');
  });

  it('moves a depth in points between the figures as shown', () => {
    expect(describeChange(62, 50, period, depths)).toEqual({
      direction: 'up',
      label: '▲ 12 pts',
      text: 'up 12 points from 50% in the previous 30 days',
      previous: '50%',
    });
    expect(describeChange(49, 50, period, depths)?.text).toBe(
      'down 1 point from 50% in the previous 30 days',
    );
    // 62.4 and 61.6 are shown as 62% and 62%: no change, and it says from what.
    expect(describeChange(62.4, 61.6, period, depths)).toMatchObject({
      label: 'No change',
      text: 'no change from 62% in the previous 30 days',
    });
    // 62.4 and 61.4 are shown as 62% and 61%: a point, not "no change" beside a visible one.
    expect(describeChange(62.4, 61.4, period, depths)?.label).toBe('▲ 1 pt');
    expect(describeChange(40, null, period, depths)?.direction).toBe('new');
    expect(describeChange(null, 40, period, depths)).toMatchObject({
      direction: 'down',
      text: 'none, down from 40% in the previous 30 days',
    });
  });

  it('has nothing to say without a previous period', () => {
    expect(describeChange(5, undefined, period, counts)).toBeNull();
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
