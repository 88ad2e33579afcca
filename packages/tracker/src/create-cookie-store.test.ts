import { beforeEach, describe, expect, it } from 'vitest';
import { readCookie, writeDocumentCookie } from './cookie-jar';
import { createCookieStore } from './create-cookie-store';
import { clearCookies, DEFAULT_URL, setUrl } from './testing/browser-fixtures';

/** A writer that records each cookie string and passes it on to jsdom's real cookie jar. */
function recordingWriter(): { written: string[]; write: (cookie: string) => void } {
  const written: string[] = [];
  return {
    written,
    write: (cookie) => {
      written.push(cookie);
      writeDocumentCookie(cookie);
    },
  };
}

beforeEach(() => {
  setUrl(DEFAULT_URL);
  clearCookies();
});

describe('createCookieStore', () => {
  it('writes Lax, Secure cookies on the parent domain of a three-label host', () => {
    const { written, write } = recordingWriter();
    createCookieStore(write, 'app.coursepack.test')('dpevent', 'id-1', 34_473_600);
    expect(written).toEqual([
      'dpevent=id-1; Path=/; SameSite=Lax; Secure; Max-Age=34473600; Domain=coursepack.test',
    ]);
    expect(readCookie('dpevent')).toBe('id-1');
  });

  it('writes cross-site cookies as SameSite=None; Secure', () => {
    const { written, write } = recordingWriter();
    createCookieStore(write, 'app.coursepack.test', true)('dpevent-video', 'id-1', 34_473_600);
    expect(written).toEqual([
      'dpevent-video=id-1; Path=/; SameSite=None; Secure; Max-Age=34473600; Domain=coursepack.test',
    ]);
  });

  it('omits Max-Age for browser-session cookies', () => {
    const { written, write } = recordingWriter();
    createCookieStore(write, 'app.coursepack.test')('dpevent-page', '{}');
    expect(written[0]).toBe(
      'dpevent-page=%7B%7D; Path=/; SameSite=Lax; Secure; Domain=coursepack.test',
    );
  });

  it.each([
    ['http://localhost:3000/', 'localhost'],
    ['http://127.0.0.1:3000/', '127.0.0.1'],
  ])('writes host-only cookies without Secure on %s', (url, host) => {
    setUrl(url);
    const { written, write } = recordingWriter();
    createCookieStore(write, host)('dpevent', 'id-1', 900);
    expect(written).toEqual(['dpevent=id-1; Path=/; SameSite=Lax; Max-Age=900']);
    expect(readCookie('dpevent')).toBe('id-1');
  });

  it('keeps Secure on the cross-site cookie even on localhost', () => {
    setUrl('http://localhost:3000/');
    const { written, write } = recordingWriter();
    createCookieStore(write, 'localhost', true)('dphst-video', 'h', 900);
    expect(written).toEqual(['dphst-video=h; Path=/; SameSite=None; Secure; Max-Age=900']);
  });

  it('writes a two-label host host-only', () => {
    setUrl('https://coursepack.test/');
    const { written, write } = recordingWriter();
    createCookieStore(write, 'coursepack.test')('dpevent', 'id-1', 900);
    expect(written).toEqual(['dpevent=id-1; Path=/; SameSite=Lax; Secure; Max-Age=900']);
  });

  it('falls back to host-only when the browser refuses the derived domain, and stays there', () => {
    setUrl('https://example.co.uk/');
    const { written, write } = recordingWriter();
    const store = createCookieStore(write, 'example.co.uk');
    store('dpevent', 'id-1', 900);
    expect(written).toEqual([
      'dpevent=id-1; Path=/; SameSite=Lax; Secure; Max-Age=900; Domain=co.uk',
      'dpevent=id-1; Path=/; SameSite=Lax; Secure; Max-Age=900',
    ]);
    expect(readCookie('dpevent')).toBe('id-1');
    store('dphst', 'h', 900);
    expect(written[2]).toBe('dphst=h; Path=/; SameSite=Lax; Secure; Max-Age=900');
    expect(written).toHaveLength(3);
  });

  it('detects a refusal by reading back, whatever the reason', () => {
    const written: string[] = [];
    // A browser that takes no cookie with a Domain attribute at all.
    const store = createCookieStore((cookie) => {
      written.push(cookie);
      if (!cookie.includes('Domain=')) writeDocumentCookie(cookie);
    }, 'app.coursepack.test');
    store('dpevent', 'id-2', 900);
    expect(written).toHaveLength(2);
    expect(readCookie('dpevent')).toBe('id-2');
  });

  it('percent-encodes values so separators cannot inject attributes', () => {
    const { written, write } = recordingWriter();
    createCookieStore(write, 'app.coursepack.test')(
      'dpevent-page',
      'a; Domain=evil.test; x=1',
      900,
    );
    expect(written[0]).toMatch(/^dpevent-page=a%3B%20Domain%3Devil\.test%3B%20x%3D1; Path=\/;/);
    expect(readCookie('dpevent-page')).toBe('a; Domain=evil.test; x=1');
  });

  it('does not write values the browser would drop for size (and keeps the domain)', () => {
    const { written, write } = recordingWriter();
    const store = createCookieStore(write, 'app.coursepack.test');
    store('dpevent-page', 'x'.repeat(3801), 900);
    expect(written).toEqual([]);
    store('dpevent-page', 'é'.repeat(700), 900); // 4200 bytes once percent-encoded
    expect(written).toEqual([]);
    store('dpevent-page', 'x'.repeat(3800), 900);
    expect(written).toHaveLength(1);
    expect(written[0]).toContain('; Domain=coursepack.test');
  });
});
