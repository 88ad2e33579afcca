/**
 * How dates read everywhere (pages, cards, the dashboard): British order, short month names, UTC,
 * so a server-rendered date and the browser's agree.
 */

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
const momentFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

/** A moment's UTC day: `9 Mar 2026`. */
export function formatDate(date: Date): string {
  return dayWithYearFormat.format(date);
}

/** A moment to the second: `9 Mar 2026, 14:05:09 UTC`. */
export function formatMoment(date: Date): string {
  return momentFormat.format(date);
}

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
