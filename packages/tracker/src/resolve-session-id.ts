import { VIDEO_SUFFIX } from './constants';
import { readCookie } from './cookie-jar';
import { createUuidV7, isUuid } from './create-uuid-v7';

/**
 * The visitor's id: the main cookie's, else the video cookie's (a visitor first seen by an
 * embedded player has only that one), else a new UUIDv7. Values that are not UUIDs (tampered or
 * truncated cookies) are ignored.
 */
export function resolveSessionId(cookieName: string): string {
  let id = readCookie(cookieName);
  if (!isUuid(id)) {
    id = readCookie(cookieName + VIDEO_SUFFIX, (error) =>
      console.warn(`Could not read the ${cookieName}${VIDEO_SUFFIX} cookie`, error),
    );
  }
  return isUuid(id) ? id : createUuidV7();
}
