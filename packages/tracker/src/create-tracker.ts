import { buildEvent } from './build-event';
import { captureTrafficSource, parseTrafficSource } from './capture-traffic-source';
import {
  COOKIE_NAME,
  HISTORY_COOKIE_NAME,
  HISTORY_MAX_AGE_SECONDS,
  SESSION_MAX_AGE_SECONDS,
  VIDEO_SUFFIX,
} from './constants';
import { readCookie, writeDocumentCookie } from './cookie-jar';
import { createCookieStore } from './create-cookie-store';
import { createSender } from './create-sender';
import { createUuidV7 } from './create-uuid-v7';
import type { TrackerPayload } from './event';
import { hashEvent, parseHistory, serializeHistory } from './event-history';
import { noteSessionIdStored, resolveSessionId } from './resolve-session-id';
import { trackPresence } from './track-presence';
import { trackScroll } from './track-scroll';
import type { EventInput, Tracker, TrackerConfig, TrackOptions } from './tracker-config';
import { TrackerError } from './tracker-error';

export type { CookieWriter } from './cookie-jar';
export type {
  EventInput,
  PresenceConfig,
  Tracker,
  TrackerConfig,
  TrackOptions,
} from './tracker-config';
export { TrackerError, type TrackerErrorCode } from './tracker-error';

/**
 * Creates a tracker for this page: resolves the visitor's id (refreshing its cookie), records the
 * traffic source on a landing, writes the page cookie, and on `pagehide` sends what still waits.
 * Browser-only: the React bindings create it in effects, never during render.
 */
export function createTracker(config: TrackerConfig = {}): Tracker {
  const name = config.cookieName || COOKIE_NAME;
  const suffix = config.video ? VIDEO_SUFFIX : '';
  const historyName = HISTORY_COOKIE_NAME + suffix;
  const writeCookie = createCookieStore(
    config.writeCookie ?? writeDocumentCookie,
    location.hostname,
    !!suffix,
  );
  const sender = createSender();
  // Stop functions of the scroll and presence loops started, for `destroy`.
  const loops = new Set<() => void>();
  let destroyed = false;
  let page = '';

  const sessionId = resolveSessionId(name);
  writeCookie(name + suffix, sessionId, SESSION_MAX_AGE_SECONDS);
  noteSessionIdStored(name + suffix, sessionId);

  const landing = captureTrafficSource(location.search, document.referrer, location.hostname);
  if (landing) writeCookie(`${name}-utm`, JSON.stringify(landing), SESSION_MAX_AGE_SECONDS);
  const source = landing ?? parseTrafficSource(readCookie(`${name}-utm`));

  // Rewritten whenever an event comes from another URL, so single-page apps keep it current.
  const writePage = (path: string, pathWithParams: string) => {
    if (pathWithParams !== page) {
      page = pathWithParams;
      writeCookie(
        `${name}-page`,
        JSON.stringify({
          path,
          // A title can be any length; the page cookie must stay under 4 KB.
          title: document.title.slice(0, 200),
          path_with_params: pathWithParams,
          user_agent: navigator.userAgent,
        }),
      );
    }
  };
  writePage(location.pathname, location.pathname + location.search);

  const requireEndpoint = () => {
    if (!config.endpoint)
      throw new TrackerError('endpoint_missing', 'dpet endpoint is not defined');
    return config.endpoint;
  };

  // App events go through the history (for `once`); scroll and presence events do not, or their
  // steady stream would push the app's events out of its 20 entries.
  const send = async (input: EventInput = {}, options?: TrackOptions, internal?: boolean) => {
    const endpoint = requireEndpoint();
    const event = buildEvent(config, input);
    if (destroyed) return false;
    const now = Date.now();
    const hash = internal ? '' : hashEvent(event);
    if (hash) {
      const history = parseHistory(readCookie(historyName), now);
      const within = options?.once ? Infinity : (options?.oncePerSeconds ?? 0) * 1000;
      if (now - (history.get(hash) ?? -Infinity) < within) return false;
      // Deleted first so the entry moves to the end, the newest.
      history.delete(hash);
      writeCookie(historyName, serializeHistory(history.set(hash, now)), HISTORY_MAX_AGE_SECONDS);
    }
    const path = location.pathname;
    const pathWithParams = path + location.search;
    writePage(path, pathWithParams);
    const payload: TrackerPayload = {
      ...event,
      event_id: createUuidV7(now),
      date: event.date ?? new Date(now).toISOString(),
      cookie: { session_id: sessionId, path, path_with_params: pathWithParams, ...source },
      location: location.href,
    };
    return sender.send(endpoint, JSON.stringify(payload));
  };

  // Scroll and presence events come from listeners and timers: failures can only be logged.
  // Their name is the configured one, else their type.
  const emit = (type: string, action: string, meta?: Record<string, unknown>) => {
    send(
      {
        type,
        action,
        name: config.name ?? type,
        action_meta: meta && { ...config.action_meta, ...meta },
      },
      undefined,
      true,
    ).catch(console.error);
  };

  // Runs `begin` (which starts a loop and returns its stop) unless destroyed. Stops are
  // idempotent, so a loop stopped early may be stopped again by `destroy`.
  const start = (begin: () => () => void) => {
    requireEndpoint();
    if (destroyed) return () => {};
    const stop = begin();
    loops.add(stop);
    return stop;
  };

  addEventListener('pagehide', sender.flush);

  return {
    sessionId,
    trackAction: (event, options) => send(event, options),
    startScrollTracking: (target = window) =>
      start(() => trackScroll(target, (action) => emit('scroll', action))),
    startPresence: () =>
      start(() =>
        trackPresence(config.presence, (action) => {
          let meta: Record<string, unknown> | undefined;
          try {
            meta = config.presence?.meta?.();
          } catch (error) {
            console.error(error);
          }
          emit('status', action, meta);
        }),
      ),
    destroy() {
      if (destroyed) return;
      removeEventListener('pagehide', sender.flush);
      sender.flush();
      destroyed = true;
      for (const stop of loops) stop();
    },
  };
}
