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

// An id in decimal without a leading zero, then optionally `-` and the slug (which may be stale).
const REF_PATTERN = /^([1-9]\d*)(?:-([a-z0-9-]*))?$/;

/**
 * The one rule for an id in a URL (a page's `[courseRef]`, an API route's `[id]`, a stats
 * parameter): a positive integer, optionally followed by `-slug`. Well-formed but beyond
 * PostgreSQL's integers, it is `out-of-range`: it names nothing, and never reaches a query.
 */
export function readRef(text: string): ParsedRef | 'malformed' | 'out-of-range' {
  const match = REF_PATTERN.exec(text);
  if (!match?.[1]) return 'malformed';
  // Compared as text first: Number() of a 400-digit id is Infinity, and of 17 digits inexact.
  if (match[1].length > String(MAX_ROW_ID).length || Number(match[1]) > MAX_ROW_ID) {
    return 'out-of-range';
  }
  return { id: Number(match[1]), slug: match[2] ?? '' };
}

/**
 * What every route answers, as a 404, for an id beyond PostgreSQL's integers (and the product
 * routes for any id they cannot read): it names nothing.
 */
export function noSuchIdMessage(noun: 'course' | 'document', text: string): string {
  return `There is no ${noun} "${text}".`;
}

/** A page's `[ref]` segment as the router hands it (percent-encoded), or undefined. */
export function parseRef(ref: string): ParsedRef | undefined {
  let text: string;
  try {
    text = decodeURIComponent(ref);
  } catch {
    return undefined;
  }
  const parsed = readRef(text);
  return typeof parsed === 'string' ? undefined : parsed;
}

export function coursePath(course: { id: number; slug: string }): string {
  return `/courses/${course.id}-${course.slug}`;
}

/**
 * A document's page; `page` scrolls to that page, `find` opens the reader with those words found
 * and highlighted (a search result's link: `?q=…#page-N`).
 */
export function documentPath(
  document: { id: number; slug: string },
  page?: number,
  find?: string,
): string {
  const base = `/documents/${document.id}-${document.slug}`;
  const query = find ? `?q=${encodeURIComponent(find)}` : '';
  return `${base}${query}${page && page > 1 ? `#page-${page}` : ''}`;
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
