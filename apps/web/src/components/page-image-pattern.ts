/**
 * A page number no document reaches: the server builds one page image URL with it (the media
 * grammar and its settings stay in media/media-urls.ts), and the browser puts each page's own
 * number in its place, so a document page never lists a URL per page.
 */
export const PAGE_NUMBER_SLOT = 987_654_321;

export function pageImageFromPattern(pattern: string, page: number): string {
  return pattern.replace(`pg_${PAGE_NUMBER_SLOT}`, `pg_${page}`);
}
