import { DAY_MS } from '@coursepack/analytics/time';

export interface Change {
  direction: 'up' | 'down' | 'flat' | 'new';
  /** Short, for the badge: `▲ 12%`, `▼ 3 pts`, `New`, `No change`. */
  label: string;
  /** For screen readers and tooltips: `up 12% from the previous 30 days`. */
  text: string;
}

/**
 * A previous figure this small says more about the previous period (barely any data yet) than
 * about growth, so a rise over it reads `New` rather than `▲ 481%`: below `absolute` (visitors,
 * views, seconds of reading) or below `shareOfCurrent` of the current figure (a rise past 400%).
 */
export const NEARLY_EMPTY_PREVIOUS = { absolute: 10, shareOfCurrent: 0.2 } as const;

/** Whether a previous figure is too small for a percentage to mean anything. */
function isNearlyEmpty(previous: number, current: number): boolean {
  return (
    previous < NEARLY_EMPTY_PREVIOUS.absolute ||
    previous < current * NEARLY_EMPTY_PREVIOUS.shareOfCurrent
  );
}

/** `previous 30 days`, `previous day`, or `previous period` for a range of partial days. */
export function describePreviousPeriod(range: { from: Date; to: Date }): string {
  const days = (range.to.getTime() - range.from.getTime()) / DAY_MS;
  if (days === 1) return 'previous day';
  return Number.isInteger(days) ? `previous ${days} days` : 'previous period';
}

/**
 * How a figure moved since the previous period. Counts and times change in percent of the
 * previous figure; a depth (already a percentage) changes in points, since "depth up 20 %"
 * would be ambiguous. A rise over a (nearly) empty previous period is `New` (see
 * NEARLY_EMPTY_PREVIOUS). Null when there is nothing to compare with.
 */
export function describeChange(
  current: number | null,
  previous: number | null | undefined,
  period: string,
  unit: 'percent' | 'points' = 'percent',
): Change | null {
  if (previous === undefined) return null;
  if (current === null && previous === null) return null;
  if (previous === null || (previous === 0 && unit === 'percent')) {
    return current === null || current === 0
      ? { direction: 'flat', label: 'No change', text: `no change from the ${period}` }
      : { direction: 'new', label: 'New', text: `none in the ${period}` };
  }
  if (current === null) {
    return { direction: 'down', label: 'None', text: `none, down from the ${period}` };
  }
  if (unit === 'percent' && current > previous && isNearlyEmpty(previous, current)) {
    return { direction: 'new', label: 'New', text: `up from almost none in the ${period}` };
  }
  const amount =
    unit === 'percent'
      ? Math.round(((current - previous) / previous) * 100)
      : Math.round(current - previous);
  const suffix = unit === 'percent' ? '%' : amount === 1 || amount === -1 ? ' pt' : ' pts';
  const spoken = unit === 'percent' ? '%' : amount === 1 || amount === -1 ? ' point' : ' points';
  if (amount === 0) {
    return { direction: 'flat', label: 'No change', text: `no change from the ${period}` };
  }
  const direction = amount > 0 ? 'up' : 'down';
  const size = Math.abs(amount);
  return {
    direction,
    label: `${direction === 'up' ? '▲' : '▼'} ${size}${suffix}`,
    text: `${direction} ${size}${spoken} from the ${period}`,
  };
}
