import { describe, expect, it } from 'vitest';
import { DEVICE_COOKIE_MAX_AGE_SECONDS, isKnownDevice, rememberDevice } from './device-cookie';

const SECRET = 'a-test-secret-that-is-long-enough-to-sign-cookies';

describe('the device cookie', () => {
  it('vouches for the account it was issued for, and for no other', () => {
    const cookie = rememberDevice(undefined, SECRET, 'Ada@Example.org');
    expect(cookie).not.toContain('ada');
    expect(isKnownDevice(cookie, SECRET, 'ada@example.org')).toBe(true);
    expect(isKnownDevice(cookie, SECRET, 'grace@example.org')).toBe(false);
  });

  it('is worthless without the installation secret, or once tampered with', () => {
    const forged = rememberDevice(undefined, 'another-installations-secret-of-length', 'a@b.org');
    expect(isKnownDevice(forged, SECRET, 'a@b.org')).toBe(false);
    const genuine = rememberDevice(undefined, SECRET, 'a@b.org');
    const [issuedAt, mac] = genuine.split('.');
    const later = (Number.parseInt(issuedAt ?? '', 36) + 1).toString(36);
    expect(isKnownDevice(`${later}.${mac}`, SECRET, 'a@b.org')).toBe(false);
    expect(isKnownDevice('garbage~more.garbage', SECRET, 'a@b.org')).toBe(false);
  });

  it('keeps a few accounts of one browser, and forgets tokens past its lifetime', () => {
    const now = Date.now();
    let cookie = '';
    for (const name of ['a', 'b', 'c', 'd', 'e', 'f']) {
      cookie = rememberDevice(cookie, SECRET, `${name}@example.org`, now);
    }
    expect(isKnownDevice(cookie, SECRET, 'a@example.org', now)).toBe(false);
    expect(isKnownDevice(cookie, SECRET, 'b@example.org', now)).toBe(true);
    expect(isKnownDevice(cookie, SECRET, 'f@example.org', now)).toBe(true);
    expect(cookie.split('~')).toHaveLength(5);
    const afterLifetime = now + DEVICE_COOKIE_MAX_AGE_SECONDS * 1000 + 1;
    expect(isKnownDevice(cookie, SECRET, 'f@example.org', afterLifetime)).toBe(false);
  });
});
