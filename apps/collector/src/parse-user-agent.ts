import type { EventsTable } from '@coursepack/db/schema';
import { isbot } from 'isbot';
import type { Selectable } from 'kysely';
import { UAParser } from 'ua-parser-js';

/** The `events` columns read from the User-Agent header (ua-parser-js; isbot for `is_bot`). */
export type ParsedUserAgent = Pick<
  Selectable<EventsTable>,
  | 'browser'
  | 'browser_version'
  | 'os'
  | 'os_version'
  | 'device'
  | 'device_vendor'
  | 'device_model'
  | 'is_bot'
>;

const CACHE_LIMIT = 2000;
/** Longer strings are hostile or broken; ua-parser-js reads only the first 500 characters anyway. */
const MAX_CACHED_LENGTH = 1024;

/**
 * Parses a User-Agent header into the event's browser/OS/device columns and the bot flag.
 * Browsers always send a User-Agent, so a missing or empty one counts as a bot. Parsing costs
 * tens of microseconds and a site's visitors share a few hundred strings, so results are
 * memoised (bounded: the cache is dropped whole when full, which keeps it O(1) and simple).
 */
export function createUserAgentParser(): (userAgent: string | undefined) => ParsedUserAgent {
  const cache = new Map<string, ParsedUserAgent>();
  return (userAgent) => {
    const ua = userAgent?.trim() ?? '';
    const cached = cache.get(ua);
    if (cached) return cached;
    const parsed = parseUserAgent(ua);
    if (ua.length <= MAX_CACHED_LENGTH) {
      if (cache.size >= CACHE_LIMIT) cache.clear();
      cache.set(ua, parsed);
    }
    return parsed;
  };
}

export function parseUserAgent(userAgent: string): ParsedUserAgent {
  if (userAgent === '') {
    return {
      browser: null,
      browser_version: null,
      os: null,
      os_version: null,
      device: null,
      device_vendor: null,
      device_model: null,
      is_bot: true,
    };
  }
  const { browser, os, device } = UAParser(userAgent);
  const known = Boolean(browser.name || os.name);
  return {
    browser: browser.name ?? null,
    browser_version: browser.version ?? null,
    os: os.name ?? null,
    os_version: os.version ?? null,
    // ua-parser-js names every device type but desktop: a recognised agent without one is a desktop.
    device: device.type ?? (known ? 'desktop' : null),
    device_vendor: device.vendor ?? null,
    device_model: device.model ?? null,
    is_bot: isbot(userAgent),
  };
}
