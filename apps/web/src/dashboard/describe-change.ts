import { DAY_MS } from '@coursepack/analytics/time';
import { formatCount } from '@/format/format-numbers';

export interface Change {
  direction: 'up' | 'down' | 'flat' | 'new';
  /** Short, for the badge: `▲ 12%`, `▼ 3 pts`, `New`, `No change`. */
  label: string;
  /** For screen readers and tooltips: `up 12% from 100 in the previous 30 days`. */
  text: string;
  /** The previous figure as shown beside the current one (`86`, `62%`), or null when none. */
  previous: string | null;
}

/** `previous 30 days`, `previous day`, or `previous period` for a range of partial days. */
export function describePreviousPeriod(range: { from: Date; to: Date }): string {
  const days = (range.to.getTime() - range.from.getTime()) / DAY_MS;
  if (days === 1) return 'previous day';
  return Number.isInteger(days) ? `previous ${days} days` : 'previous period';
}

/**
 * How a figure moved since the previous period. Counts and times change in percent of the
 * previous figure, however large the rise: an owner whose visitors went from 86 to 541 wants to
 * read +529 %, and `New` is kept for a figure the previous period did not have at all. A depth
 * (already a percentage) changes in points, since "depth up 20 %" would be ambiguous, and
 * between the figures as shown, so 62 % beside a previous 62 % is never called a change (nor
 * 62 % beside 61 % "no change"). `format` writes the previous figure the way the current one
 * is shown, so the text says what was compared. Null when there is nothing to compare with.
 */
export function describeChange(
  current: number | null,
  previous: number | null | undefined,
  period: string,
  { unit = 'percent', format }: { unit?: 'percent' | 'points'; format: (value: number) => string },
): Change | null {
  if (previous === undefined) return null;
  if (current === null && previous === null) return null;
  const was = previous === null ? null : format(previous);
  if (previous === null || (previous === 0 && unit === 'percent')) {
    return current === null || current === 0
      ? {
          direction: 'flat',
          label: 'No change',
          text: `no change from the ${period}`,
          previous: was,
        }
      : { direction: 'new', label: 'New', text: `none in the ${period}`, previous: was };
  }
  if (current === null) {
    return {
      direction: 'down',
      label: 'None',
      text: `none, down from ${was} in the ${period}`,
      previous: was,
    };
  }
  const amount =
    unit === 'percent'
      ? Math.round(((current - previous) / previous) * 100)
      : Math.round(current) - Math.round(previous);
  const suffix = unit === 'percent' ? '%' : amount === 1 || amount === -1 ? ' pt' : ' pts';
  const spoken = unit === 'percent' ? '%' : amount === 1 || amount === -1 ? ' point' : ' points';
  if (amount === 0) {
    return {
      direction: 'flat',
      label: 'No change',
      text: `no change from ${was} in the ${period}`,
      previous: was,
    };
  }
  const direction = amount > 0 ? 'up' : 'down';
  const size = Math.abs(amount);
  return {
    direction,
    label: `${direction === 'up' ? '▲' : '▼'} ${formatCount(size)}${suffix}`,
    text: `${direction} ${formatCount(size)}${spoken} from ${was} in the ${period}`,
    previous: was,
  };
}
