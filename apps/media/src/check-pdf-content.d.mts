export interface ContentLimits {
  /** Largest decoded size of any stream pdf.js would decode to render a page. */
  maxContentBytes: number;
  /** Most operators in one content stream, each shown character counting as one. */
  maxOperators: number;
}

export function findContentLimitViolation(
  file: Uint8Array,
  limits: ContentLimits,
): string | undefined;
