import { describe, expect, it } from 'vitest';
import { deriveCookieDomain, isLocalHost } from './derive-cookie-domain';

describe('deriveCookieDomain', () => {
  it.each([
    ['app.coursepack.dev', 'coursepack.dev'],
    ['a.b.coursepack.dev', 'b.coursepack.dev'],
    ['www.example.co.uk', 'example.co.uk'],
    // The browser refuses this one; the cookie store falls back to host-only.
    ['example.co.uk', 'co.uk'],
    ['coursepack.dev', undefined],
    ['intranet', undefined],
    ['localhost', undefined],
    ['app.localhost', undefined],
    ['127.0.0.1', undefined],
    ['10.0.0.12', undefined],
    ['[::1]', undefined],
    ['[2001:db8::1]', undefined],
  ])('%s → %s', (host, domain) => {
    expect(deriveCookieDomain(host)).toBe(domain);
  });
});

describe('isLocalHost', () => {
  it.each(['localhost', 'docs.localhost', '127.0.0.1', '192.168.1.20', '[::1]', '[fe80::1]'])(
    '%s is local',
    (host) => expect(isLocalHost(host)).toBe(true),
  );

  it.each(['coursepack.dev', 'localhost.coursepack.dev', 'mylocalhost', 'app.coursepack.test'])(
    '%s is not',
    (host) => expect(isLocalHost(host)).toBe(false),
  );
});
