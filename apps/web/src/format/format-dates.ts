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

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/**
 * A day as people type it back, in formatDay's order (`9 Mar 2026`, `9 March 2026`, `9/3/2026`)
 * or as `2026-03-09`, to `2026-03-09`; null when it names no day of the calendar.
 */
export function parseDay(text: string): string | null {
  const typed = text.trim().toLowerCase();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(typed);
  const named = /^(\d{1,2})[\s./-]*([a-z]{3,})\.?[\s,./-]*(\d{4})$/.exec(typed);
  const numbered = /^(\d{1,2})[\s./-]+(\d{1,2})[\s./-]+(\d{4})$/.exec(typed);
  let parts: [string, number, string] | null = null;
  if (iso) parts = [iso[1] ?? '', Number(iso[2]), iso[3] ?? ''];
  else if (numbered) parts = [numbered[3] ?? '', Number(numbered[2]), numbered[1] ?? ''];
  else if (named) {
    const word = named[2] ?? '';
    const month = MONTHS.findIndex((name) => name.startsWith(word)) + 1;
    if (month > 0) parts = [named[3] ?? '', month, named[1] ?? ''];
  }
  if (!parts) return null;
  const [year, month, day] = parts;
  const candidate = `${year}-${String(month).padStart(2, '0')}-${day.padStart(2, '0')}`;
  // 31 Feb rolls over into March: only a day that reads back the same exists.
  const date = new Date(`${candidate}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === candidate
    ? candidate
    : null;
}
