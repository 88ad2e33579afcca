/** Default name of the main cookie; `-video`, `-utm` and `-page` are appended for the others. */
export const COOKIE_NAME = 'dpevent';
export const VIDEO_SUFFIX = '-video';
export const HISTORY_COOKIE_NAME = 'dphst';

// The session cookie lives 399 days (the contract once gave it as 344736000 ms, which is four
// days; the days are what is meant). Chrome caps cookie lifetimes at 400 days.
export const SESSION_MAX_AGE_SECONDS = 399 * 24 * 60 * 60;
export const HISTORY_MAX_AGE_SECONDS = 15 * 60;
export const HISTORY_LENGTH = 20;

export const PRESENCE_INTERVAL_MS = 5000;
/** How long a visibility change must last before presence reacts: tab flicks send nothing. */
export const PRESENCE_DEBOUNCE_MS = 1000;
export const PRESENCE_CAP_MS = 1_500_000;

/** Depth thresholds in percent; the last one fires `scroll_100`. */
export const SCROLL_THRESHOLDS = [25, 50, 75, 95] as const;

export const MAX_RETRIES = 3;
/** First retry waits 500–1000 ms, then 1–2 s, then 2–4 s: doubled each time, with jitter. */
export const RETRY_BASE_DELAY_MS = 500;
/** Browsers drop cookies over 4096 bytes; longer values are not written. */
export const COOKIE_VALUE_LIMIT = 3800;
