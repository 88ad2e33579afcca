import { VIDEO_SUFFIX } from './constants';
import { readCookie } from './cookie-jar';
import { createUuidV7, isUuid } from './create-uuid-v7';

// The id of this page when the browser keeps no cookie for it (a sandboxed frame, or an embed in
// a browser that blocks third-party cookies): every tracker of the page then shares one session
// instead of each starting its own.
let uncookiedId: string | undefined;

/**
 * The visitor's id: the main cookie's, else the video cookie's (a visitor first seen by an
 * embedded player has only that one), else a new UUIDv7 — or the page's, when a tracker of this
 * page already found that its id could not be stored. Values that are not UUIDs (tampered or
 * truncated cookies) are ignored.
 */
export function resolveSessionId(cookieName: string): string {
  let id = readCookie(cookieName);
  if (!isUuid(id)) {
    id = readCookie(cookieName + VIDEO_SUFFIX, (error) =>
      console.warn(`Could not read the ${cookieName}${VIDEO_SUFFIX} cookie`, error),
    );
  }
  return isUuid(id) ? id : (uncookiedId ?? createUuidV7());
}

/** Called after writing the id's cookie: remembers the id for the page when it was not kept. */
export function noteSessionIdStored(cookieName: string, id: string): void {
  uncookiedId = readCookie(cookieName) === id ? undefined : id;
}
