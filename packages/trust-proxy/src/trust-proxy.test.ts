import { describe, expect, it } from 'vitest';
import { isTrustedPeer, parseTrustProxy, resolveClientAddress } from './trust-proxy';

describe('parseTrustProxy', () => {
  it('reads false, true, hop counts and address lists; null for anything else', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,fd00::/8')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'fd00::/8',
    ]);
    for (const bad of ['yes', '10.0.0.0/40', '999.1.1.1', '10.0.0.1/8/8', '1,,2', '1e3']) {
      expect(parseTrustProxy(bad), bad).toBeNull();
    }
  });
});

describe('resolveClientAddress', () => {
  const spoofed = '198.51.100.1, 198.51.100.2';

  it('without a trusted proxy, is the connection peer whatever X-Forwarded-For says', () => {
    expect(resolveClientAddress('203.0.113.9', spoofed, false)).toBe('203.0.113.9');
    expect(resolveClientAddress('::ffff:203.0.113.9', undefined, false)).toBe('203.0.113.9');
    expect(resolveClientAddress('203.0.113.9', spoofed, 0)).toBe('203.0.113.9');
  });

  it('with a hop count, takes the address that many proxies back, never further', () => {
    // client wrote 198.51.100.1; proxy A saw the client at 192.0.2.7; proxy B saw A at 10.0.0.2.
    const header = '198.51.100.1, 192.0.2.7, 10.0.0.2';
    expect(resolveClientAddress('10.0.0.3', header, 1)).toBe('10.0.0.2');
    expect(resolveClientAddress('10.0.0.3', header, 2)).toBe('192.0.2.7');
    expect(resolveClientAddress('10.0.0.3', '192.0.2.7', 5)).toBe('192.0.2.7');
  });

  it('with a list, walks back past trusted proxies only', () => {
    const trust = ['10.0.0.0/8', '::1'];
    const header = '198.51.100.1, 192.0.2.7, 10.0.0.2';
    expect(resolveClientAddress('10.0.0.3', header, trust)).toBe('192.0.2.7');
    expect(resolveClientAddress('::1', '192.0.2.7', trust)).toBe('192.0.2.7');
    // A peer that is not a listed proxy is the client, whatever it forwards.
    expect(resolveClientAddress('203.0.113.9', header, trust)).toBe('203.0.113.9');
  });

  it('with true, believes the leftmost address, and stops at anything that is not one', () => {
    expect(resolveClientAddress('10.0.0.3', '192.0.2.7, 10.0.0.2', true)).toBe('192.0.2.7');
    expect(resolveClientAddress('10.0.0.3', 'evil, 10.0.0.2', true)).toBe('10.0.0.2');
  });
});

describe('isTrustedPeer', () => {
  it('trusts the peer only when the setting names it', () => {
    expect(isTrustedPeer('10.0.0.3', false)).toBe(false);
    expect(isTrustedPeer('10.0.0.3', 1)).toBe(true);
    expect(isTrustedPeer('::ffff:10.0.0.3', ['10.0.0.0/8'])).toBe(true);
    expect(isTrustedPeer('203.0.113.9', ['10.0.0.0/8'])).toBe(false);
  });
});
