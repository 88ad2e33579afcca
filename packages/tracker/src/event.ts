/**
 * The wire contract between the tracker and the collector. Types only, so a server can import it
 * without pulling any browser code: `import type { TrackerPayload } from '@coursepack/tracker/event'`.
 * docs/tracking.md describes every field and where its value comes from.
 */

/** Scroll-depth actions, fired as the visible bottom of the content crosses 25/50/75/95 %. */
export type ScrollAction =
  | 'scroll_25'
  | 'scroll_50'
  | 'scroll_75'
  | 'scroll_100'
  | 'scroll_up_75'
  | 'scroll_up_50'
  | 'scroll_up_25';

/** Presence ping actions: `active` while the page is visible, `inactive` while hidden. */
export type PresenceAction = 'active' | 'inactive';

/** One visitor activity event as the collector receives it. */
export interface TrackerEvent {
  /** UUIDv7 made per event on the client; the collector stores each id once, so retries are safe. */
  event_id: string;
  /** `scroll` and `status` are the tracker's own; apps choose theirs. */
  type: string;
  name: string;
  action: string;
  /** Client clock, ISO 8601 (`Date.prototype.toISOString`). */
  date: string;
  environment?: string;
  app?: string;
  url_path_version?: string;
  client?: string;
  /** Integers; numeric strings are converted by the tracker before sending. */
  related_id?: number;
  related_entity?: string;
  course_id?: number;
  doc_id?: number;
  action_meta?: Record<string, unknown>;
}

/** Session and traffic-source data carried with every event (mirrors the tracking cookies). */
export interface TrackerCookie {
  /** The visitor's id from the `dpevent` cookie (UUIDv7). */
  session_id: string;
  /** `location.pathname` when the event was sent. */
  path: string;
  /** `location.pathname + location.search` when the event was sent. */
  path_with_params: string;
  /** True when the landing URL carried at least one `utm_*` parameter. */
  utm?: boolean;
  /** `document.referrer` on landing, when it was another site. */
  referrer?: string;
  /** The `referred_by` (or `ref`) query parameter on landing. */
  referred_by?: string;
  /** `utm_source`, `utm_medium`, `utm_campaign`, … from the landing URL. */
  [utmParameter: `utm_${string}`]: string | undefined;
}

/** What the tracker POSTs: the event, the cookie data, and the page URL. */
export interface TrackerPayload extends TrackerEvent {
  cookie: TrackerCookie;
  /** `location.href` when the event was sent. */
  location: string;
}

/**
 * A request body the collector accepts: one payload (what the tracker sends, by `fetch` or, on
 * `pagehide`, by `sendBeacon` as `text/plain`) or an array of up to 100.
 */
export type TrackerRequestBody = TrackerPayload | TrackerPayload[];
