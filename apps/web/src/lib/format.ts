import type { DocumentKind } from '@coursepack/db/schema';

export const KIND_LABELS: Record<DocumentKind, { singular: string; plural: string }> = {
  notes: { singular: 'Lecture notes', plural: 'Lecture notes' },
  slides: { singular: 'Slides', plural: 'Slides' },
  exercises: { singular: 'Exercises', plural: 'Exercise sheets' },
  exam: { singular: 'Exam', plural: 'Past exams' },
  summary: { singular: 'Summary', plural: 'Summaries' },
  other: { singular: 'Document', plural: 'Other documents' },
};

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

export function formatDate(date: Date): string {
  return dateFormat.format(date);
}

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

export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** A description cut at a word boundary, for meta tags and cards. */
export function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
}
