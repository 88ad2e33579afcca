/**
 * Fields of every event this app tracks: which app and build of the URL scheme sent it. The
 * `client` tells the site (`web`) from documents embedded in other sites (`embed`).
 */
export const TRACKED_APP = { app: 'coursepack-web', url_path_version: 'v1' } as const;
export const SITE_CLIENT = 'web';
export const EMBED_CLIENT = 'embed';
