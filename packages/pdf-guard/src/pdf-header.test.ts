import { describe, expect, it } from 'vitest';
import { hasPdfHeader, PDF_HEADER_SEARCH_BYTES } from './pdf-header.mjs';

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

describe('hasPdfHeader', () => {
  it('knows a PDF by its header at the start', () => {
    expect(hasPdfHeader(bytes('%PDF-1.7\n%âãÏÓ\n1 0 obj'))).toBe(true);
  });

  it('accepts junk before the header within the first kilobyte, as readers do', () => {
    expect(hasPdfHeader(bytes('\xef\xbb\xbf\r\n%PDF-1.4\n'))).toBe(true);
    const padded = ' '.repeat(PDF_HEADER_SEARCH_BYTES - 5);
    expect(hasPdfHeader(bytes(`${padded}%PDF-`))).toBe(true);
  });

  it('refuses a header that starts past the first kilobyte', () => {
    const padded = ' '.repeat(PDF_HEADER_SEARCH_BYTES - 4);
    expect(hasPdfHeader(bytes(`${padded}%PDF-1.4`))).toBe(false);
  });

  it('refuses other files, a bare "%PDF" and nothing at all', () => {
    expect(hasPdfHeader(bytes('<html><body>%PDF</body></html>'))).toBe(false);
    expect(hasPdfHeader(bytes('\x89PNG\r\n\x1a\n'))).toBe(false);
    expect(hasPdfHeader(new Uint8Array(0))).toBe(false);
  });
});
