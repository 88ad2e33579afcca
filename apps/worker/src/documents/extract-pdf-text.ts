import type { PageTextRun } from '@coursepack/db/schema';
import { describePdfProblem } from './describe-pdf-problem';
import { PDF_TEXT_LIMITS, type PdfTextLimits } from './pdf-text-limits';
import { readPdfInChild } from './read-pdf-in-child';

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
}

/**
 * The text of every page of a PDF, recognised by OCR where the page has no text layer, read in a
 * child process within `limits` (pdf-text-limits.ts); an UnreadablePdfError otherwise.
 */
export async function extractPdfText(
  bytes: Uint8Array,
  { language = 'en', limits = PDF_TEXT_LIMITS }: { language?: string; limits?: PdfTextLimits } = {},
): Promise<ExtractedText> {
  const reading = await readPdfInChild({ bytes, limits, language });
  if (!reading.ok) throw new UnreadablePdfError(describePdfProblem(reading.problem, limits));
  return { pages: reading.pages, runs: reading.runs, recognised: reading.recognised };
}
