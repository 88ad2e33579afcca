import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * better-auth's session cookie of the web app (`advanced.cookiePrefix` `coursepack` in
 * apps/web/src/auth/create-auth.ts), with the `__Secure-` prefix better-auth adds when the site
 * is served over https. Its value is `<token>.<signature>`, percent-encoded, the signature being
 * base64 HMAC-SHA256 of the token keyed with AUTH_SECRET (better-call's `signCookieValue`).
 */
export const SESSION_COOKIE_NAMES = [
  '__Secure-coursepack.session_token',
  'coursepack.session_token',
] as const;

// base64 of a 32-byte HMAC-SHA256: 44 characters ending in one `=` (what better-call checks).
const SIGNATURE_LENGTH = 44;

/**
 * The session token of a correctly signed session cookie in a `Cookie` header, else `null`
 * (no cookie, unsigned, a bad signature, malformed). Costs a substring search when the request
 * has no session cookie, which is what the hot path of anonymous events pays.
 */
export function readSessionToken(cookieHeader: string | undefined, secret: string): string | null {
  if (!cookieHeader?.includes('.session_token=')) return null;
  for (const name of SESSION_COOKIE_NAMES) {
    const raw = cookieValue(cookieHeader, name);
    if (raw === undefined) continue;
    const token = verifySignedValue(raw, secret);
    if (token !== null) return token;
  }
  return null;
}

function cookieValue(header: string, name: string): string | undefined {
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === name) {
      let value = pair.slice(eq + 1).trim();
      if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
      try {
        return decodeURIComponent(value);
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

function verifySignedValue(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return null;
  const token = signed.slice(0, dot);
  const signature = signed.slice(dot + 1);
  if (signature.length !== SIGNATURE_LENGTH || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(token).digest('base64');
  return timingSafeEqual(Buffer.from(signature), Buffer.from(expected)) ? token : null;
}

export interface SessionUserLookupOptions {
  /** The user id of an unexpired session with this token, with the session's expiry; or none. */
  findSession: (token: string) => Promise<{ userId: string; expiresAt: Date } | undefined>;
  /** How long an answer is reused; a deleted or expired session is noticed within this. */
  ttlMs: number;
  /** Most tokens remembered; the least recently used is forgotten first. */
  maxEntries: number;
  now?: () => number;
}

interface CacheEntry {
  userId: Promise<string | null>;
  until: number;
}

/**
 * The signed-in user behind a session token, remembered for `ttlMs` (bounded LRU) so a reader's
 * presence pings cost one lookup a minute, not one each. Concurrent requests for one token share
 * a lookup. Unknown and expired tokens are remembered too (as `null`); a failed lookup is not
 * remembered and answers `null`: events are stored without the link rather than refused.
 */
export function createSessionUserLookup(options: SessionUserLookupOptions) {
  const { findSession, ttlMs, maxEntries, now = Date.now } = options;
  const cache = new Map<string, CacheEntry>();

  return {
    userIdFor(token: string): Promise<string | null> {
      const time = now();
      const cached = cache.get(token);
      if (cached && cached.until > time) {
        // Moved to the end: the Map's order is the LRU order.
        cache.delete(token);
        cache.set(token, cached);
        return cached.userId;
      }
      const entry: CacheEntry = { userId: Promise.resolve(null), until: time + ttlMs };
      entry.userId = findSession(token).then(
        (session) => {
          // Never past the session's own end.
          if (session) entry.until = Math.min(entry.until, session.expiresAt.getTime());
          return session?.userId ?? null;
        },
        () => {
          if (cache.get(token) === entry) cache.delete(token);
          return null;
        },
      );
      cache.delete(token);
      if (ttlMs > 0) {
        cache.set(token, entry);
        if (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
      }
      return entry.userId;
    },
    get size(): number {
      return cache.size;
    },
  };
}
