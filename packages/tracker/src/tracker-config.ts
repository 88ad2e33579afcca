import type { CookieWriter } from './cookie-jar';

/**
 * Event fields an app supplies, as configuration defaults or per call (the call wins). Ids may
 * be integers or strings of digits; they are sent as integers.
 */
export interface EventInput {
  environment?: string;
  app?: string;
  url_path_version?: string;
  client?: string;
  type?: string;
  name?: string;
  action?: string;
  related_id?: number | string;
  related_entity?: string;
  course_id?: number | string;
  doc_id?: number | string;
  /** ISO 8601; defaults to the client clock at the call. */
  date?: string;
  action_meta?: Record<string, unknown>;
}

export interface PresenceConfig {
  /** Ping period while the page is visible, in ms (default 5000). Must exceed `debounce`. */
  interval?: number;
  /** How long a visibility change must last before presence reacts, in ms (default 1000). */
  debounce?: number;
  /** Longest gap between pings while hidden, in ms (default 1500000). */
  cap?: number;
  /**
   * Called at each ping; what it returns is merged into the ping's `action_meta` (over the
   * configured `action_meta`), e.g. `() => ({ page: viewer.currentPage })`.
   */
  meta?: () => Record<string, unknown> | undefined;
}

/**
 * Event defaults are read when each event is built, so changing them on the object passed to
 * `createTracker` affects later events; the cookie settings are read once.
 */
export interface TrackerConfig extends EventInput {
  /** URL the events are POSTed to; required by the first event. */
  endpoint?: string;
  /** Main cookie name (default `dpevent`); `-video`, `-utm` and `-page` variants derive from it. */
  cookieName?: string;
  /** For cross-site embeds: use `dpevent-video` (`SameSite=None; Secure`) and `dphst-video`. */
  video?: boolean;
  presence?: PresenceConfig;
  /** Where cookie strings are written (default: assigned to `document.cookie`). */
  writeCookie?: CookieWriter;
}

export interface TrackOptions {
  /** Skip (resolve `false`, send nothing) if this event was sent in the last 15 minutes. */
  once?: boolean;
  /** Skip if this event was sent in the last N seconds (history keeps 15 minutes). */
  oncePerSeconds?: number;
}

export interface Tracker {
  /** The visitor's id, kept in the `dpevent` cookie for 399 days. */
  readonly sessionId: string;
  /**
   * Sends one event. Resolves `true` on a 2xx answer, `false` on anything else (including
   * skipped `once` events and delivery failures); rejects with a `TrackerError` for missing or
   * invalid fields and a missing endpoint.
   */
  trackAction(event?: EventInput, options?: TrackOptions): Promise<boolean>;
  /**
   * Sends `scroll` events as the depth of the window (default) or of a scrollable element
   * crosses the thresholds; returns a function that stops it.
   */
  startScrollTracking(target?: Window | Element): () => void;
  /** Starts presence pings; returns a function that stops them. Start one loop per page. */
  startPresence(): () => void;
  /** Stops scroll and presence tracking, sends what waits for a retry, ignores later events. */
  destroy(): void;
}
