import type { ReadingProgress } from '@coursepack/jobs/queues';
import type { PdfTextLimits } from './pdf-text-limits';

/**
 * A reading goes in slices (docs/worker.md, "Fair turns"): each reads the text of pages from
 * where the last stopped, then recognises the scanned pages found so far, until its time is up,
 * and hands the worker back. Kept apart from read-pdf-text.ts so
 * the worker's own process never loads pdf.js.
 */

/** What one slice of a reading hands the next: the document's budgets left. */
export type ReadingCarry = Omit<ReadingProgress, 'fromPage' | 'spentMs'>;

/** Where a slice starts, how long it may go on starting pages, and the budgets it has. */
export interface ReadingSlice extends ReadingCarry {
  fromPage: number;
  /** After this long, no page is started (one is always read or recognised): the turn ends. */
  stopAfterMs: number;
}

/** A whole reading in one slice: what a document's first slice carries. */
export function firstSlice(limits: PdfTextLimits, stopAfterMs = Number.POSITIVE_INFINITY) {
  return {
    fromPage: 1,
    stopAfterMs,
    charsLeft: limits.maxDocumentChars,
    ocrLeft: limits.maxOcrPages,
    ocrPending: [],
    ocrCutNoted: false,
  } satisfies ReadingSlice;
}
