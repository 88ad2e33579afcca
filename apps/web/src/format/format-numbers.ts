/**
 * How figures read everywhere: plain functions shared by server-rendered pages and the client's
 * components (the dashboard's sortable tables included), so a number reads the same everywhere.
 */

const countFormat = new Intl.NumberFormat('en-GB');

export function formatCount(value: number): string {
  return countFormat.format(Math.round(value));
}

/** `1 reader`, `1,204 readers`. */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}

/** `512 B`, `3.4 MB`, `20 MB`: one decimal below ten, so a limit reads as it was set. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
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
