import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { TrustProxy } from '@coursepack/trust-proxy/trust-proxy';
import { describe, expect, it } from 'vitest';
import { normalizeForwardedHeaders } from './normalize-forwarded-headers';

function normalized(peer: string, headers: IncomingHttpHeaders, trust: TrustProxy) {
  const request = { headers: { ...headers }, socket: { remoteAddress: peer } };
  normalizeForwardedHeaders(request as unknown as IncomingMessage, trust);
  return request.headers;
}

const hostile: IncomingHttpHeaders = {
  host: 'coursepack.example',
  'x-forwarded-for': '198.51.100.1',
  'x-real-ip': '198.51.100.2',
  forwarded: 'for=198.51.100.3',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
  'x-forwarded-port': '443',
};

describe('normalizeForwardedHeaders', () => {
  it('replaces a client-sent X-Forwarded-For by the socket address and drops its other claims', () => {
    expect(normalized('203.0.113.9', hostile, false)).toEqual({
      host: 'coursepack.example',
      'x-forwarded-for': '203.0.113.9',
    });
  });

  it('sets the header even when the client sent none', () => {
    expect(normalized('203.0.113.9', {}, false)).toEqual({ 'x-forwarded-for': '203.0.113.9' });
  });

  it('keeps host and scheme from a trusted proxy, with the client it saw', () => {
    expect(
      normalized('10.0.0.3', { ...hostile, 'x-forwarded-for': '1.2.3.4, 192.0.2.7' }, [
        '10.0.0.0/8',
      ]),
    ).toEqual({
      host: 'coursepack.example',
      'x-forwarded-for': '192.0.2.7',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      'x-forwarded-port': '443',
    });
  });
});
