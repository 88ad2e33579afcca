import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readCookie, writeDocumentCookie } from './cookie-jar';
import { clearCookies, DEFAULT_URL, setUrl } from './testing/browser-fixtures';

beforeEach(() => {
  setUrl(DEFAULT_URL);
  clearCookies();
});

describe('readCookie', () => {
  it('returns the decoded value of the named cookie', () => {
    writeDocumentCookie(`dpevent-utm=${encodeURIComponent('{"utm":true}')}; Path=/`);
    writeDocumentCookie('dpevent=abc; Path=/');
    expect(readCookie('dpevent')).toBe('abc');
    expect(readCookie('dpevent-utm')).toBe('{"utm":true}');
  });

  it('does not confuse names that share a prefix or a suffix', () => {
    writeDocumentCookie('xdpevent=1; Path=/');
    writeDocumentCookie('dpeventx=2; Path=/');
    expect(readCookie('dpevent')).toBeUndefined();
  });

  it('returns undefined for a missing cookie or an empty jar', () => {
    expect(readCookie('dpevent')).toBeUndefined();
    writeDocumentCookie('other=1; Path=/');
    expect(readCookie('dpevent')).toBeUndefined();
  });

  it('keeps "=" inside values', () => {
    writeDocumentCookie('dphst=a=b=c; Path=/');
    expect(readCookie('dphst')).toBe('a=b=c');
  });

  it('reports a value that is not valid percent-encoding instead of throwing', () => {
    writeDocumentCookie('dpevent-video=%E0%A4%A; Path=/');
    const onError = vi.fn();
    expect(readCookie('dpevent-video', onError)).toBeUndefined();
    expect(onError).toHaveBeenCalledWith(expect.any(URIError));
    expect(readCookie('dpevent-video')).toBeUndefined();
  });

  it('reports a document whose cookies cannot be read (sandboxed frame)', () => {
    const error = new DOMException('The document is sandboxed', 'SecurityError');
    const spy = vi.spyOn(document, 'cookie', 'get').mockImplementation(() => {
      throw error;
    });
    const onError = vi.fn();
    expect(readCookie('dpevent', onError)).toBeUndefined();
    expect(onError).toHaveBeenCalledWith(error);
    spy.mockRestore();
  });
});

describe('writeDocumentCookie', () => {
  it('swallows the SecurityError of a sandboxed frame', () => {
    const spy = vi.spyOn(document, 'cookie', 'set').mockImplementation(() => {
      throw new DOMException('The document is sandboxed', 'SecurityError');
    });
    expect(() => writeDocumentCookie('dpevent=1; Path=/')).not.toThrow();
    spy.mockRestore();
  });
});
