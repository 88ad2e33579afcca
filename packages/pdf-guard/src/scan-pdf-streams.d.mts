export interface StreamLimits {
  /** Largest decoded size of any one stream (`Infinity` is measured beyond it). */
  maxStreamBytes: number;
  /** Largest decoded size of all streams together; the scan stops there. */
  maxTotalStreamBytes: number;
  /** Stop at the first problem: for a caller that refuses the file whatever the problem. */
  stopAtFirstProblem?: boolean;
}

/** `stream` is the object's label, `N G` (its number and generation). */
export type StreamProblem = { code: 'streamTooLarge'; stream: string } | { code: 'totalTooLarge' };

export interface StreamScan {
  /**
   * Every limit passed, in file order. The scan goes on past a stream too large (to map pages
   * to their contents) but ends at `totalTooLarge`, always the last problem.
   */
  problems: StreamProblem[];
  /**
   * Streams behind a filter the scan cannot decode (LZW, RunLength…) or holding damaged or
   * encrypted data, by label: their size is unknown, left to the reader's heap cap and deadline.
   */
  unmeasured: string[];
  /**
   * The decoded bytes of a page's content streams, by the page's object number; `Infinity`
   * when one is beyond `maxStreamBytes`; `undefined` when the page object was not found.
   */
  pageContentBytes(pageObjectNumber: number): number | undefined;
  /**
   * The pixels of the images a page may draw (its resources', its forms' and patterns', soft
   * masks included, each image once), by the page's object number; `undefined` when the page
   * object was not found. pdf.js decodes every one whole, whatever size it is drawn at.
   */
  pageImagePixels(pageObjectNumber: number): number | undefined;
}

/**
 * Decodes every stream a reader of the PDF would decode (not images or attachments), one at a
 * time and under the limits, and keeps only what they measure.
 */
export function scanPdfStreams(file: Uint8Array, limits: StreamLimits): StreamScan;

/** A problem in plain English, naming the stream and the limit. */
export function describeStreamProblem(problem: StreamProblem, limits: StreamLimits): string;
