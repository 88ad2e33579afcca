import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

class AppError extends Error {
  constructor(
    public code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Why a PDF cannot be used, worded for the member who uploaded it. */
export const PDF_PROBLEMS = {
  encrypted:
    'This PDF is password-protected. Remove the password (for example by printing it to a new PDF) and upload it again.',
  corrupt:
    'This PDF is damaged and cannot be read. Export it again from the original and upload the new file.',
  noText:
    'This PDF has no selectable text (is it a scan?). Run it through text recognition (OCR) and upload the result.',
} as const;

/** Where the PDF header may start: readers accept junk before it, up to this many bytes. */
const HEADER_SEARCH_BYTES = 1024;
const PDF_HEADER = Buffer.from('%PDF-', 'latin1');

/** By content, never by name or declared type. */
export function isPdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, HEADER_SEARCH_BYTES)).includes(PDF_HEADER);
}

/**
 * pdfjs-dist's folder, for its font data and CMaps. Resolved from the working directory (the
 * app's or the repository's) at run time: Next's bundler turns a literal
 * `require.resolve(...)` beside `import.meta.url` into a module id, not a path.
 */
function pdfjsFolder(): string {
  const resolveFromCwd = createRequire(path.join(process.cwd(), 'package.json')).resolve;
  return path.dirname(resolveFromCwd('pdfjs-dist/package.json'));
}

let pdfjsRoot: string | undefined;

async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  pdfjsRoot ??= pdfjsFolder();
  const task = getDocument({
    // pdf.js takes ownership of (detaches) the buffer it is given; the caller keeps its own.
    data: new Uint8Array(bytes),
    // Fonts that are not embedded (Helvetica…) map their glyphs to text through these.
    standardFontDataUrl: `${path.join(pdfjsRoot, 'standard_fonts')}${path.sep}`,
    cMapUrl: `${path.join(pdfjsRoot, 'cmaps')}${path.sep}`,
    cMapPacked: true,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy();
    if (error instanceof Error && error.name === 'PasswordException') {
      throw new AppError('unprocessable', PDF_PROBLEMS.encrypted);
    }
    throw new AppError('unprocessable', PDF_PROBLEMS.corrupt);
  }
}

/** Opens the PDF to check that it can be read at all; cheap (pages are parsed lazily). */
export async function assertPdfReadable(bytes: Uint8Array): Promise<void> {
  const pdf = await openPdf(bytes);
  await pdf.destroy();
}

/** Line breaks as the PDF lays them out; control characters (and NUL, which PostgreSQL text refuses) dropped. */
function cleanPageText(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The text of every page, in order (an empty string for a page without text). Each page is
 * awaited in turn, so other requests of the process get the event loop between pages.
 */
export async function extractPdfText(bytes: Uint8Array): Promise<string[]> {
  const pdf = await openPdf(bytes);
  try {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      try {
        const content = await page.getTextContent();
        const text = content.items
          .map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ''}` : ''))
          .join('');
        pages.push(cleanPageText(text));
      } finally {
        page.cleanup();
      }
    }
    if (pages.every((text) => text === '')) {
      throw new AppError('unprocessable', PDF_PROBLEMS.noText);
    }
    return pages;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('unprocessable', PDF_PROBLEMS.corrupt);
  } finally {
    await pdf.destroy();
  }
}
