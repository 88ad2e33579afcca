/**
 * How the dashboard writes its figures. Plain functions shared by server-rendered cards and the
 * client's sortable tables, so a number reads the same everywhere.
 */

const countFormat = new Intl.NumberFormat('en-GB');

export function formatCount(value: number): string {
  return countFormat.format(Math.round(value));
}

/** `45s`, `12m 5s`, `3h 20m`, `2h`: the two largest units, rounded to the second. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  if (hours > 0) return minutes > 0 ? `${hours}h ${minutes}m` : `${hours}h`;
  if (minutes > 0) return rest > 0 ? `${minutes}m ${rest}s` : `${minutes}m`;
  return `${rest}s`;
}

/** A share (0–1) as a whole percentage; a share too small to round up still shows as `<1%`. */
export function formatShare(part: number, whole: number): string {
  if (whole <= 0) return '0%';
  const percent = (part / whole) * 100;
  if (percent > 0 && percent < 0.5) return '<1%';
  return `${Math.round(percent)}%`;
}

/** A depth (0–100) as a whole percentage, or a dash when there is none. */
export function formatDepth(depth: number | null): string {
  return depth === null ? '–' : `${Math.round(depth)}%`;
}

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const dayWithYearFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** `2026-03-09` → `9 Mar`, or `9 Mar 2026` with the year. */
export function formatDay(day: string, withYear = false): string {
  const date = new Date(`${day}T00:00:00Z`);
  return (withYear ? dayWithYearFormat : dayFormat).format(date);
}

/** `9 – 15 Mar 2026`-like text for a range of UTC days, both included. */
export function formatDayRange(first: string, last: string): string {
  if (first === last) return formatDay(first, true);
  const sameYear = first.slice(0, 4) === last.slice(0, 4);
  return `${formatDay(first, !sameYear)} – ${formatDay(last, true)}`;
}

/** `1 reader`, `1,204 readers`. */
export function pluralizeCount(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}
