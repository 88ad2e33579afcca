import { AppError } from '@/lib/app-error';
import { describePdfProblem } from './describe-pdf-problem';
import { PDF_OPEN_DEADLINE_MS, PDF_TEXT_LIMITS, type PdfTextLimits } from './pdf-text-limits';
import { type PdfReaderRequest, readPdfInChild } from './read-pdf-in-child';

/** Where the PDF header may start: readers accept junk before it, up to this many bytes. */
const HEADER_SEARCH_BYTES = 1024;
const PDF_HEADER = Buffer.from('%PDF-', 'latin1');

/** By content, never by name or declared type. */
export function isPdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, HEADER_SEARCH_BYTES)).includes(PDF_HEADER);
}

async function readOrThrow(
  request: PdfReaderRequest,
  limits: PdfTextLimits,
  deadlineMs: number,
): Promise<string[]> {
  const reading = await readPdfInChild(request, { deadlineMs, heapMb: limits.heapMb });
  if (!reading.ok) throw new AppError('unprocessable', describePdfProblem(reading.problem, limits));
  return reading.pages;
}

/**
 * Checks that the PDF opens at all (not password-protected, not damaged), while its uploader
 * waits: pages are parsed lazily, so this is quick even for a hostile file.
 */
export async function assertPdfReadable(
  bytes: Uint8Array,
  limits: PdfTextLimits = PDF_TEXT_LIMITS,
): Promise<void> {
  await readOrThrow(
    { task: 'open', bytes },
    limits,
    Math.min(PDF_OPEN_DEADLINE_MS, limits.deadlineMs),
  );
}

/**
 * The text of every page, in order (an empty string for a page without text), read off the
 * web app's event loop within `limits` (pdf-text-limits.ts); an `unprocessable` AppError whose
 * message tells the uploader what is wrong with the file otherwise.
 */
export async function extractPdfText(
  bytes: Uint8Array,
  limits: PdfTextLimits = PDF_TEXT_LIMITS,
): Promise<string[]> {
  return readOrThrow({ task: 'read', bytes, limits }, limits, limits.deadlineMs);
}
