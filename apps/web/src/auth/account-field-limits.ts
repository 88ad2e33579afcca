import { formatBytes } from '@/format/format-numbers';
import type { BodyLimit } from '@/http/read-limited-body';

/**
 * Longest values a member may give for their account, shared by the server's checks
 * (limit-auth-requests.ts) and the browser's forms. An email address is at most 254 characters
 * (RFC 5321's path limit); an image is a URL.
 */
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const IMAGE_URL_MAX_LENGTH = 2048;
/** The whole JSON body of any /api/auth request: far above what any form sends. */
export const AUTH_BODY_MAX_BYTES = 16 * 1024;
export const AUTH_BODY_LIMIT: BodyLimit = {
  maxBytes: AUTH_BODY_MAX_BYTES,
  tooLargeMessage: `The request body is too large; the limit is ${formatBytes(AUTH_BODY_MAX_BYTES)}.`,
};
