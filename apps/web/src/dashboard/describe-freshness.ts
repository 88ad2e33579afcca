import { formatMoment } from '@/format/format-dates';

export interface FreshnessText {
  /** What the dashboard shows: "Updated 3 s ago", or "Not computed yet". */
  label: string;
  /** The exact moment for `<time dateTime>`, or null when never computed. */
  iso: string | null;
  /** The exact moment in words, for the title: what a reader hovering "3 s ago" wants. */
  title: string;
}

const MINUTE_S = 60;
const HOUR_S = 60 * MINUTE_S;
const DAY_S = 24 * HOUR_S;

/**
 * How old the rollups' figures are, in words: the dashboard reads what the worker last computed,
 * so a reader needs to know "as of when". A clock a little ahead of the database's says "just
 * now" rather than a negative age.
 */
export function describeFreshness(processedUntil: Date | null, now: Date): FreshnessText {
  if (!processedUntil) {
    return {
      label: 'Not computed yet',
      iso: null,
      title: 'The figures appear once the worker has computed them for the first time.',
    };
  }
  const seconds = Math.max(0, Math.floor((now.getTime() - processedUntil.getTime()) / 1000));
  return {
    label: `Updated ${describeAge(seconds)}`,
    iso: processedUntil.toISOString(),
    title: `Counts every event received before ${formatMoment(processedUntil)}`,
  };
}

function describeAge(seconds: number): string {
  if (seconds < 1) return 'just now';
  if (seconds < MINUTE_S) return `${seconds} s ago`;
  if (seconds < HOUR_S) return `${Math.floor(seconds / MINUTE_S)} min ago`;
  if (seconds < DAY_S) return `${Math.floor(seconds / HOUR_S)} h ago`;
  const days = Math.floor(seconds / DAY_S);
  return `${days} ${days === 1 ? 'day' : 'days'} ago`;
}
