import type { Delivery } from '../deliver/delivery-service';

/**
 * On every answer: CORS (pages read the status and `x-cld-error`), and `nosniff`, so no
 * browser ever guesses a type other than the one sent (a PDF or a raw file as a page).
 */
export const EVERY_ANSWER_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'X-Cld-Error',
  'timing-allow-origin': '*',
  'x-content-type-options': 'nosniff',
};
const ONE_MONTH = 30 * 24 * 3600;
const FINAL_CACHE = `public, max-age=${ONE_MONTH}, immutable`;
const REVALIDATED_CACHE = 'public, max-age=60, must-revalidate';

/**
 * Only the current version's answer is final; anything else (no version, the SDKs' `v1`
 * placeholder, an old version) must see a replacement soon, cheaply revalidated by ETag.
 */
export function cacheControl(current: boolean): string {
  return current ? FINAL_CACHE : REVALIDATED_CACHE;
}

/** Every header of a derived answer but CORS's: one list for Fastify's path and HotAnswers. */
export function derivedHeaders(result: Delivery): Record<string, string> {
  const headers: Record<string, string> = {
    'cache-control': cacheControl(result.current),
    etag: result.etag,
  };
  if (result.attachment !== undefined)
    headers['content-disposition'] = attachment(result.attachment);
  if (result.vary.length > 0) headers.vary = result.vary.join(', ');
  if (result.approximation) headers['x-media-approximation'] = result.approximation;
  if (result.downscaledFrom) {
    const { width, height } = result.downscaledFrom;
    headers['x-media-downscaled'] = `${width}x${height}`;
  }
  headers['x-media-cache'] = result.cache;
  headers['content-type'] = result.contentType;
  return headers;
}

/** Public ids may be Unicode: an ASCII name for old clients, the exact one in filename*. */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
