/**
 * Snippet delimiters that cannot occur in extracted text or in a query (both are stripped of
 * control characters), so highlights never carry markup and the browser never parses HTML.
 */
export const HIGHLIGHT_START = '\u0002';
export const HIGHLIGHT_END = '\u0003';
