import { createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { createSessionUserLookup, readSessionToken } from './resolve-session-user';

const SECRET = 'a-test-secret-for-session-cookie-signatures';
const TOKEN = 'kQ3zV8mWcP1tYb6nR0sLxA2dEfGhJ4uI';
// What better-call 1.4's signCookieValue(TOKEN, SECRET) returns: better-auth's cookie value.
const SIGNED_BY_BETTER_CALL =
  'kQ3zV8mWcP1tYb6nR0sLxA2dEfGhJ4uI.NiiNq%2BLqjpos6%2B5Y%2B25dnY6Fn%2FNi8Y6opuWhxz5My68%3D';

function signed(token: string, secret = SECRET): string {
  return encodeURIComponent(
    `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`,
  );
}

describe('readSessionToken', () => {
  it('verifies the cookie better-auth sets, with or without the __Secure- prefix', () => {
    expect(signed(TOKEN)).toBe(SIGNED_BY_BETTER_CALL);
    expect(
      readSessionToken(`dpevent=abc; coursepack.session_token=${SIGNED_BY_BETTER_CALL}`, SECRET),
    ).toBe(TOKEN);
    expect(
      readSessionToken(`__Secure-coursepack.session_token=${SIGNED_BY_BETTER_CALL}; x=1`, SECRET),
    ).toBe(TOKEN);
    expect(readSessionToken(`coursepack.session_token="${SIGNED_BY_BETTER_CALL}"`, SECRET)).toBe(
      TOKEN,
    );
  });

  it('refuses a forged, unsigned, truncated or malformed cookie', () => {
    const cookie = (value: string) => `coursepack.session_token=${value}`;
    expect(
      readSessionToken(cookie(signed(TOKEN, 'another-secret-of-32-characters-x')), SECRET),
    ).toBe(null);
    expect(readSessionToken(cookie(TOKEN), SECRET)).toBeNull();
    expect(readSessionToken(cookie(`${TOKEN}.`), SECRET)).toBeNull();
    expect(readSessionToken(cookie(SIGNED_BY_BETTER_CALL.slice(0, -6)), SECRET)).toBeNull();
    expect(readSessionToken(cookie(signed('other-token')).replace('other', 'bther'), SECRET)).toBe(
      null,
    );
    expect(readSessionToken(cookie('%E0%A4%A'), SECRET)).toBeNull();
    expect(readSessionToken(`better-auth.session_token=${SIGNED_BY_BETTER_CALL}`, SECRET)).toBe(
      null,
    );
  });

  it('has nothing to do without a cookie', () => {
    expect(readSessionToken(undefined, SECRET)).toBeNull();
    expect(readSessionToken('', SECRET)).toBeNull();
    expect(readSessionToken('dpevent=0190a0a0-0000-7000-8000-000000000000', SECRET)).toBeNull();
  });
});

describe('createSessionUserLookup', () => {
  type Found = { userId: string; expiresAt: Date } | undefined;
  const session = (userId: string, expiresAt = new Date(Date.now() + 3_600_000)): Found => ({
    userId,
    expiresAt,
  });

  it('remembers an answer for the TTL, then looks again', async () => {
    let time = 1_000_000;
    const findSession = vi.fn(async (): Promise<Found> => session('u1'));
    const lookup = createSessionUserLookup({
      findSession,
      ttlMs: 60_000,
      maxEntries: 10,
      now: () => time,
    });
    await expect(lookup.userIdFor('t')).resolves.toBe('u1');
    time += 59_999;
    await expect(lookup.userIdFor('t')).resolves.toBe('u1');
    expect(findSession).toHaveBeenCalledTimes(1);
    findSession.mockResolvedValueOnce(undefined);
    time += 1;
    await expect(lookup.userIdFor('t')).resolves.toBeNull();
    expect(findSession).toHaveBeenCalledTimes(2);
  });

  it('shares one lookup between concurrent requests and remembers unknown tokens too', async () => {
    const findSession = vi.fn(async () => undefined);
    const lookup = createSessionUserLookup({ findSession, ttlMs: 60_000, maxEntries: 10 });
    await Promise.all([lookup.userIdFor('t'), lookup.userIdFor('t'), lookup.userIdFor('t')]);
    await lookup.userIdFor('t');
    expect(findSession).toHaveBeenCalledTimes(1);
  });

  it('never links past the session’s own expiry', async () => {
    let time = Date.UTC(2026, 0, 1);
    const findSession = vi.fn(async (): Promise<Found> => session('u1', new Date(time + 1000)));
    const lookup = createSessionUserLookup({
      findSession,
      ttlMs: 60_000,
      maxEntries: 10,
      now: () => time,
    });
    await lookup.userIdFor('t');
    time += 1000;
    findSession.mockResolvedValueOnce(undefined);
    await expect(lookup.userIdFor('t')).resolves.toBeNull();
  });

  it('forgets the least recently used token beyond its size', async () => {
    const findSession = vi.fn(async (token: string) => session(`user-of-${token}`));
    const lookup = createSessionUserLookup({ findSession, ttlMs: 60_000, maxEntries: 2 });
    await lookup.userIdFor('a');
    await lookup.userIdFor('b');
    await lookup.userIdFor('a'); // a is now the most recent
    await lookup.userIdFor('c'); // evicts b
    expect(lookup.size).toBe(2);
    findSession.mockClear();
    await lookup.userIdFor('a');
    await lookup.userIdFor('c');
    expect(findSession).not.toHaveBeenCalled();
    await lookup.userIdFor('b');
    expect(findSession).toHaveBeenCalledWith('b');
  });

  it('answers null without remembering when the lookup fails', async () => {
    const findSession = vi.fn().mockRejectedValueOnce(new Error('connection refused'));
    findSession.mockResolvedValueOnce(session('u1'));
    const lookup = createSessionUserLookup({ findSession, ttlMs: 60_000, maxEntries: 10 });
    await expect(lookup.userIdFor('t')).resolves.toBeNull();
    await expect(lookup.userIdFor('t')).resolves.toBe('u1');
  });

  it('remembers nothing with a TTL of 0', async () => {
    const findSession = vi.fn(async (): Promise<Found> => session('u1'));
    const lookup = createSessionUserLookup({ findSession, ttlMs: 0, maxEntries: 10 });
    await lookup.userIdFor('t');
    await lookup.userIdFor('t');
    expect(findSession).toHaveBeenCalledTimes(2);
    expect(lookup.size).toBe(0);
  });
});
