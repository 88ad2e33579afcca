/**
 * Confirmations shown after an action, in a toast. Forms that post without JavaScript come back
 * with `?flash=<name>` in the URL (the toast shows it, then drops it from the address); with
 * JavaScript a component shows the toast itself.
 */
export const FLASH_MESSAGES = {
  welcome: 'Welcome to Coursepack! Your account is ready.',
  'course-created': 'Course created.',
  'course-saved': 'Course saved.',
  'document-saved': 'Document saved.',
  bookmarked: 'Bookmarked: you will find it in your library.',
  unbookmarked: 'Bookmark removed.',
  followed: 'You follow this course: it is in your library.',
  unfollowed: 'You no longer follow this course.',
} as const;

export type Flash = keyof typeof FLASH_MESSAGES;

export const FLASH_PARAM = 'flash';

/** `path` with `?flash=<name>` added (keeping its own query and fragment). */
export function withFlash(path: string, flash: Flash): string {
  const hashAt = path.indexOf('#');
  const [beforeHash, hash] =
    hashAt === -1 ? [path, ''] : [path.slice(0, hashAt), path.slice(hashAt)];
  const separator = beforeHash.includes('?') ? '&' : '?';
  return `${beforeHash}${separator}${FLASH_PARAM}=${flash}${hash}`;
}

/** The flash a URL's parameter names, or null for none or an unknown name. */
export function readFlash(value: string | null | undefined): Flash | null {
  return value && Object.hasOwn(FLASH_MESSAGES, value) ? (value as Flash) : null;
}
