/** Where the PDF header may start: readers accept junk before it, up to this many bytes. */
const HEADER_SEARCH_BYTES = 1024;
const PDF_HEADER = Buffer.from('%PDF-', 'latin1');

/** By content, never by name or declared type. */
export function isPdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, HEADER_SEARCH_BYTES)).includes(PDF_HEADER);
}
