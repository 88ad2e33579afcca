import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The device cookie of OWASP's authentication cheat sheet: a browser that has signed in to an
 * account carries proof of it, so a flood of wrong passwords for that account from elsewhere does
 * not slow its owner down. Each token is `{issuedAt}.{HMAC(secret, account, issuedAt)}`: nothing
 * readable about the account, unforgeable without the installation's secret, and only good for
 * the account it was issued for. Several accounts on one browser share the cookie, `~`-separated.
 */

/** Named through better-auth's cookie getter: `coursepack.device` (`__Secure-` on https). */
export const DEVICE_COOKIE = 'device';
/** As long as browsers keep a cookie (Chrome caps them at 400 days). */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
/** A shared family computer, not a list of every account someone tried. */
const MAX_ACCOUNTS_PER_DEVICE = 5;
const TOKEN = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/;

interface Token {
  issuedAt: number;
  mac: string;
}

function macOf(secret: string, email: string, issuedAt: number): string {
  return createHmac('sha256', secret)
    .update(`coursepack-device:${email.trim().toLowerCase()}:${issuedAt}`)
    .digest('base64url');
}

/** The well-formed tokens of a cookie that have not outlived the cookie's lifetime. */
function readTokens(cookie: string | null | undefined, now: number): Token[] {
  const tokens: Token[] = [];
  for (const part of (cookie ?? '').split('~')) {
    const match = TOKEN.exec(part);
    if (!match?.[1] || !match[2]) continue;
    const issuedAt = Number.parseInt(match[1], 36);
    if (now - issuedAt > DEVICE_COOKIE_MAX_AGE_SECONDS * 1000 || issuedAt > now) continue;
    tokens.push({ issuedAt, mac: match[2] });
  }
  return tokens;
}

function isFor(token: Token, secret: string, email: string): boolean {
  const expected = Buffer.from(macOf(secret, email, token.issuedAt));
  const given = Buffer.from(token.mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Whether the cookie says this browser has signed in to the account of `email` before. */
export function isKnownDevice(
  cookie: string | null | undefined,
  secret: string,
  email: string,
  now = Date.now(),
): boolean {
  return readTokens(cookie, now).some((token) => isFor(token, secret, email));
}

/** The cookie after a sign-in to `email`: a fresh token for it, the other accounts' kept. */
export function rememberDevice(
  cookie: string | null | undefined,
  secret: string,
  email: string,
  now = Date.now(),
): string {
  const others = readTokens(cookie, now).filter((token) => !isFor(token, secret, email));
  const fresh = { issuedAt: now, mac: macOf(secret, email, now) };
  return [...others.slice(-(MAX_ACCOUNTS_PER_DEVICE - 1)), fresh]
    .map((token) => `${token.issuedAt.toString(36)}.${token.mac}`)
    .join('~');
}
