import { SOURCE_CONTENT_TYPES } from '../derive/choose-output-format';
import type { RawFileRecord, SourceFormat } from './asset-store';

/**
 * What a raw file (any bytes, `/raw/upload`) is delivered as. Its type is sniffed from the bytes
 * against a short allow-list, never taken from its name or the uploader's word, and anything
 * that could run script on our origin is made inert: only images and PDFs (what the image API
 * already serves inline) display in the browser; everything else — text, archives, unknown
 * bytes, HTML and SVG too (they are text) — is an attachment with a sandboxing CSP and
 * `nosniff`, so no browser renders it as a page of ours.
 */

const ZIP = 'application/zip';
const GZIP = 'application/gzip';
const TEXT = 'text/plain; charset=utf-8';
const UNKNOWN = 'application/octet-stream';

const INLINE_TYPES = new Set(Object.values(SOURCE_CONTENT_TYPES));

/** Tab, line feed, form feed, carriage return: the control characters text files contain. */
const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d]);

function isText(bytes: Uint8Array): boolean {
  for (const byte of bytes) {
    if ((byte < 0x20 && !TEXT_CONTROLS.has(byte)) || byte === 0x7f) return false;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The delivered `Content-Type` of a raw file's bytes (`format`: their image or PDF format). */
export function rawContentType(bytes: Uint8Array, format: SourceFormat | undefined): string {
  if (format) return SOURCE_CONTENT_TYPES[format];
  const head = Buffer.from(bytes.subarray(0, 4)).toString('latin1');
  if (head === 'PK\x03\x04' || head === 'PK\x05\x06') return ZIP;
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) return GZIP;
  return isText(bytes) ? TEXT : UNKNOWN;
}

/** How a stored raw file is answered: its type, and whether it displays (images, PDFs). */
export function rawDelivery(record: RawFileRecord): { contentType: string; inline: boolean } {
  const contentType =
    record.contentType ?? (record.format ? SOURCE_CONTENT_TYPES[record.format] : UNKNOWN);
  return { contentType, inline: INLINE_TYPES.has(contentType) };
}

/** What a downloaded raw file carries besides `Content-Disposition: attachment`. */
export const SANDBOX_POLICY = "default-src 'none'; sandbox";
