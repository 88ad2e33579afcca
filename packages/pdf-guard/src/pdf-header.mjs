/**
 * Where a PDF's `%PDF-` header may start. Readers (Acrobat, pdf.js, browsers) accept junk
 * before it (a byte-order mark, a blank line a web script printed first) within the first
 * kilobyte, so such a file is a PDF to everyone who opens it and must be one to us too.
 */
export const PDF_HEADER_SEARCH_BYTES = 1024;
const PDF_HEADER = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

/**
 * Whether the bytes are a PDF: by content, never by name or declared type.
 * @param {Uint8Array} bytes
 * @returns {boolean}
 */
export function hasPdfHeader(bytes) {
  const end = Math.min(bytes.length, PDF_HEADER_SEARCH_BYTES) - PDF_HEADER.length;
  for (let start = 0; start <= end; start += 1) {
    if (PDF_HEADER.every((byte, offset) => bytes[start + offset] === byte)) return true;
  }
  return false;
}
