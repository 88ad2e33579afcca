import { describe, expect, it } from 'vitest';
import { createIpHasher, deriveDailySalt } from './hash-ip';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const MORNING = new Date('2026-03-04T00:00:01Z');
const EVENING = new Date('2026-03-04T23:59:59Z');
const NEXT_DAY = new Date('2026-03-05T00:00:00Z');

describe('deriveDailySalt', () => {
  it('is the same all UTC day for the same secret, so replicas agree without sharing state', () => {
    expect(deriveDailySalt(SECRET, MORNING).equals(deriveDailySalt(SECRET, EVENING))).toBe(true);
  });

  it('changes at midnight UTC and with the secret', () => {
    expect(deriveDailySalt(SECRET, EVENING).equals(deriveDailySalt(SECRET, NEXT_DAY))).toBe(false);
    expect(deriveDailySalt(SECRET, MORNING).equals(deriveDailySalt(`${SECRET}!`, MORNING))).toBe(
      false,
    );
  });

  it('is HMAC-SHA256(secret, "coursepack-ip-salt:" + UTC date)', () => {
    // printf 'coursepack-ip-salt:2026-01-01' | openssl dgst -sha256 -hmac key
    expect(deriveDailySalt('key', new Date('2026-01-01T12:00:00Z')).toString('hex')).toBe(
      '4c5582e30494c3477f5b3dd256d78f65418a568e32666e44985a9e6592ac7466',
    );
  });
});

describe('createIpHasher', () => {
  const hash = createIpHasher(SECRET);

  it('hashes to 32 hex characters that do not contain the IP', () => {
    const value = hash('203.0.113.7', MORNING);
    expect(value).toMatch(/^[0-9a-f]{32}$/);
    expect(value).not.toContain('203');
  });

  it('links one client within a day, not across days or between clients', () => {
    expect(hash('203.0.113.7', MORNING)).toBe(hash('203.0.113.7', EVENING));
    expect(hash('203.0.113.7', MORNING)).not.toBe(hash('203.0.113.7', NEXT_DAY));
    expect(hash('203.0.113.7', MORNING)).not.toBe(hash('203.0.113.8', MORNING));
  });

  it('treats an IPv4-mapped IPv6 address as the IPv4 client and ignores hex case', () => {
    expect(hash('::ffff:203.0.113.7', MORNING)).toBe(hash('203.0.113.7', MORNING));
    expect(hash('2001:DB8::1', MORNING)).toBe(hash('2001:db8::1', MORNING));
  });

  it('stores nothing without an address', () => {
    expect(hash(undefined, MORNING)).toBeNull();
    expect(hash('', MORNING)).toBeNull();
  });
});
