/**
 * What reading one uploaded PDF may cost (docs/documents.md). A hostile file (a decompression
 * bomb, a page of a hundred million operators) meets one of these before it can stall or starve
 * the web app; a genuine 2,000-page textbook stays well within every one.
 */
export interface PdfTextLimits {
  /** Pages per document. */
  maxPages: number;
  /** Characters of text kept per page; the rest is cut with a note. */
  maxPageChars: number;
  /** Characters of text kept per document; later pages are cut with a note. */
  maxDocumentChars: number;
  /** Decompressed bytes of one page's content streams (its drawing instructions). */
  maxPageContentBytes: number;
  /** Decompressed bytes of any other stream pdf.js may decode (forms, fonts, object streams). */
  maxStreamBytes: number;
  /** Decompressed bytes of all those streams together. */
  maxTotalStreamBytes: number;
  /** Wall-clock time of one reading, child process start-up included; then it is killed. */
  deadlineMs: number;
  /** V8 heap of the child process that reads (`--max-old-space-size`). */
  heapMb: number;
}

const MB = 1024 * 1024;

export const PDF_TEXT_LIMITS: PdfTextLimits = {
  maxPages: 5_000,
  // A dense page of prose holds 3,000 to 5,000 characters.
  maxPageChars: 100_000,
  maxDocumentChars: 4_000_000,
  // A page of text needs tens of KB; detailed vector drawings (maps, plans) a few MB.
  maxPageContentBytes: 16 * MB,
  maxStreamBytes: 32 * MB,
  maxTotalStreamBytes: 512 * MB,
  // A 2,000-page document takes about 10 s here.
  deadlineMs: 120_000,
  heapMb: 512,
};

/** Only checking that a PDF opens, while its uploader waits for the response. */
export const PDF_OPEN_DEADLINE_MS = 20_000;
