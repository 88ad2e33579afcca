import { COOKIE_VALUE_LIMIT } from './constants';
import { type CookieWriter, readCookie } from './cookie-jar';
import { deriveCookieDomain, isLocalHost } from './derive-cookie-domain';

/**
 * Writes `value` under `name` with the tracker's attributes; `maxAge` in seconds (omitted: a
 * browser-session cookie).
 */
export type CookieStore = (name: string, value: string, maxAge?: number) => void;

/**
 * Cookie writing for the page at `hostname`. `crossSite` cookies (the video variant) are
 * `SameSite=None; Secure` so players embedded in other sites can send them; the others are
 * `SameSite=Lax`, and `Secure` except on local hosts and IPs. Values whose encoding would pass
 * the browser's 4 KB cookie limit are not written (the browser would drop them silently).
 */
export function createCookieStore(
  write: CookieWriter,
  hostname: string,
  crossSite = false,
): CookieStore {
  let domain = deriveCookieDomain(hostname);
  const attributes = `; Path=/; SameSite=${crossSite ? 'None' : 'Lax'}${
    crossSite || !isLocalHost(hostname) ? '; Secure' : ''
  }`;
  return (name, value, maxAge) => {
    const encoded = encodeURIComponent(value);
    if (encoded.length > COOKIE_VALUE_LIMIT) return;
    const cookie = `${name}=${encoded}${attributes}${maxAge ? `; Max-Age=${maxAge}` : ''}`;
    if (domain) {
      write(`${cookie}; Domain=${domain}`);
      // Browsers refuse a Domain that is a public suffix or not a parent of the host without
      // saying so; reading the value back is the only way to know. Once refused, stay host-only.
      if (readCookie(name) === value) return;
      domain = undefined;
    }
    write(cookie);
  };
}
