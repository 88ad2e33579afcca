/**
 * Public URLs carry the numeric id and a readable slug: `/courses/12-linear-algebra`.
 * The id is the key; the slug is decoration that we correct with a redirect when it
 * is stale or missing, so shared links keep working after a rename.
 */

export interface ParsedRef {
  id: number;
  slug: string;
}

/** Course and document ids are PostgreSQL integers: a larger number names nothing. */
export const MAX_ROW_ID = 2_147_483_647;

const REF_PATTERN = /^([1-9]\d{0,9})(?:-([a-z0-9-]*))?$/;

export function parseRef(ref: string): ParsedRef | undefined {
  const match = REF_PATTERN.exec(decodeURIComponent(ref));
  if (!match?.[1]) return undefined;
  const id = Number(match[1]);
  if (!Number.isSafeInteger(id) || id > MAX_ROW_ID) return undefined;
  return { id, slug: match[2] ?? '' };
}

export function coursePath(course: { id: number; slug: string }): string {
  return `/courses/${course.id}-${course.slug}`;
}

export function documentPath(document: { id: number; slug: string }, page?: number): string {
  const base = `/documents/${document.id}-${document.slug}`;
  return page && page > 1 ? `${base}#page-${page}` : base;
}

/** A URL slug from any title: lower-case ASCII words joined by hyphens. */
export function slugify(title: string, maxLength = 80): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
  return slug || 'untitled';
}
