import type { PageTextRun } from '@coursepack/db/schema';
import { describePdfProblem } from './describe-pdf-problem';
import { PDF_TEXT_LIMITS, type PdfTextLimits } from './pdf-text-limits';
import { readPdfInChild } from './read-pdf-in-child';
import type { RecognisedPage } from './read-pdf-text';
import { firstSlice, type ReadingCarry, type ReadingSlice } from './reading-slice';

/** A PDF that cannot be read; its message tells the uploader what is wrong with the file. */
export class UnreadablePdfError extends Error {
  override readonly name = 'UnreadablePdfError';
}

export interface ExtractedText {
  /** Every page's text, in order; an empty string for a page with no words to read. */
  pages: string[];
  /**
   * Where each page's words are, beside `pages` (`document_pages.text_layer`); absent from
   * text that did not come from a PDF (tests).
   */
  runs?: PageTextRun[][];
  /** The pages whose text OCR recognised. */
  recognised: number[];
  /**
   * Read in slices (`slice`): the document's pages, the first page left for the next slice
   * (absent once the last is read) and the budgets it carries on with. Text from elsewhere
   * (tests) leaves them out: `pages` is then the whole document.
   */
  pageCount?: number;
  next?: number;
  carry?: ReadingCarry;
  /** Pages of earlier slices that this one recognised by OCR. */
  earlier?: RecognisedPage[];
}

/**
 * The text of every page of a PDF (or of one slice of its pages, `slice`), recognised by OCR where the page has no text layer, read in a
 * child process within `limits` (pdf-text-limits.ts); an UnreadablePdfError otherwise.
 */
export async function extractPdfText(
  bytes: Uint8Array,
  {
    language = 'en',
    limits = PDF_TEXT_LIMITS,
    slice = firstSlice(limits),
  }: { language?: string; limits?: PdfTextLimits; slice?: ReadingSlice } = {},
): Promise<ExtractedText> {
  const reading = await readPdfInChild({ bytes, limits, language, slice });
  if (!reading.ok) throw new UnreadablePdfError(describePdfProblem(reading.problem, limits));
  const { pages, runs, recognised, pageCount, next, carry, earlier } = reading;
  return {
    pages,
    runs,
    recognised,
    pageCount,
    carry,
    earlier,
    ...(next === undefined ? {} : { next }),
  };
}
