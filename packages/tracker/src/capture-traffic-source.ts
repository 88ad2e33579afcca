import { deriveCookieDomain } from './derive-cookie-domain';
import type { TrackerCookie } from './event';

/** What `dpevent-utm` holds and every event carries in `cookie`: where the visitor came from. */
export type TrafficSource = Omit<TrackerCookie, 'session_id' | 'path' | 'path_with_params'>;

// Clipped so a hostile landing URL cannot make every event of the visit too large to accept.
const MAX_VALUE_LENGTH = 200;

/**
 * The traffic source of a landing, or `null` when this page view is not a landing: no `utm_*`
 * or referral parameter and no referrer from another site (navigation inside the site keeps the
 * source recorded earlier).
 */
export function captureTrafficSource(
  search: string,
  referrer: string,
  hostname: string,
): TrafficSource | null {
  const source: Record<string, string | boolean | undefined> = {};
  const params = new URLSearchParams(search);
  params.forEach((value, key) => {
    if (key.startsWith('utm_')) {
      source[key] = value.slice(0, MAX_VALUE_LENGTH);
      source.utm = true;
    }
  });
  const referredBy = params.get('referred_by');
  if (referredBy) source.referred_by = referredBy.slice(0, MAX_VALUE_LENGTH);
  // `scheme://host:port/…` → host. Referrers from the site itself (the cookie domain or any
  // subdomain of it) are navigation, not a source.
  const from = referrer.split(/[/:]/)[3];
  if (from && !`.${from}`.endsWith(`.${deriveCookieDomain(hostname) ?? hostname}`)) {
    source.referrer = referrer.slice(0, MAX_VALUE_LENGTH);
  }
  return Object.keys(source).length ? (source as TrafficSource) : null;
}

/**
 * The source an earlier landing stored in `dpevent-utm`. The collector validates what arrives,
 * so anything that parses to an object is passed on; anything else counts as no source.
 */
export function parseTrafficSource(raw: string | undefined): TrafficSource {
  try {
    const parsed: unknown = JSON.parse(raw as string);
    if (parsed && typeof parsed === 'object') return parsed as TrafficSource;
  } catch {
    // Missing or not JSON.
  }
  return {};
}
