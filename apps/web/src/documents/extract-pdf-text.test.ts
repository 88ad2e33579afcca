import { deflateSync } from 'node:zlib';
import { inflatingPdf, manyPagePdf } from '@coursepack/hostile-files/hostile-pdfs';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { rejection } from '@/testing/rejection';
import { describePdfProblem, PDF_PROBLEMS } from './describe-pdf-problem';
import { assertPdfReadable, extractPdfText, isPdf } from './extract-pdf-text';
import { PDF_TEXT_LIMITS, type PdfTextLimits } from './pdf-text-limits';
import { corruptPdf, encryptedPdf, pngImage, textlessPdf, textPdf } from './testing/pdf-fixtures';

const MB = 1024 * 1024;

/** Small limits, so that each hostile file stays small too. */
function limits(overrides: Partial<PdfTextLimits>): PdfTextLimits {
  return { ...PDF_TEXT_LIMITS, ...overrides };
}

describe('reading PDFs', () => {
  it('extracts the text of each page in order, blank pages as empty strings', async () => {
    const pages = await extractPdfText(
      await textPdf(['Vector spaces\nand subspaces', '', 'Eigenvalues']),
    );
    expect(pages).toEqual(['Vector spaces\nand subspaces', '', 'Eigenvalues']);
  });

  it('reads every page of a long document (pages packed in object streams)', async () => {
    const pages = await extractPdfText(await manyPagePdf(60, 3));
    expect(pages).toHaveLength(60);
    expect(pages[59]).toContain('Page 60 line 3');
  });

  it('recognises a PDF by its header anywhere in the first 1024 bytes, not by its name', async () => {
    const pdf = await textPdf(['Hello']);
    const withJunk = new Uint8Array([...new Uint8Array(1000).fill(32), ...pdf]);
    const tooLate = new Uint8Array([...new Uint8Array(1030).fill(32), ...pdf]);
    expect(isPdf(pdf)).toBe(true);
    expect(isPdf(withJunk)).toBe(true);
    expect(isPdf(tooLate)).toBe(false);
    expect(isPdf(await pngImage())).toBe(false);
  });

  it('explains a password-protected PDF', async () => {
    const error = await rejection(assertPdfReadable(encryptedPdf()));
    expect(error.code).toBe('unprocessable');
    expect(error.message).toBe(PDF_PROBLEMS.encrypted);
  });

  it('explains a damaged PDF', async () => {
    const error = await rejection(extractPdfText(corruptPdf()));
    expect(error.message).toBe(PDF_PROBLEMS.corrupt);
  });

  it('explains a PDF without selectable text', async () => {
    const error = await rejection(extractPdfText(textlessPdf()));
    expect(error.message).toBe(PDF_PROBLEMS.noText);
  });
});

describe('reading hostile PDFs within limits', () => {
  it('refuses a page whose content stream inflates beyond the page limit, naming the page', async () => {
    const small = limits({ maxPageContentBytes: 1 * MB, maxStreamBytes: 2 * MB });
    const bomb = await inflatingPdf({ inflatedBytes: 3 * MB, pages: 2 });
    const error = await rejection(extractPdfText(bomb, small));
    expect(error.code).toBe('unprocessable');
    expect(error.message).toBe(describePdfProblem({ code: 'pageContentTooLarge', page: 1 }, small));
    expect(error.message).toMatch(/^Page 1 of this PDF expands to more than 1 MB/);
  });

  it('finds the page behind an object stream (PDF 1.5 packing)', async () => {
    const small = limits({ maxPageContentBytes: 1 * MB, maxStreamBytes: 2 * MB });
    const bomb = await inflatingPdf({ inflatedBytes: 3 * MB, operator: 'paths' });
    const packed = await (await PDFDocument.load(bomb)).save({ useObjectStreams: true });
    const error = await rejection(extractPdfText(packed, small));
    expect(error.message).toBe(describePdfProblem({ code: 'pageContentTooLarge', page: 1 }, small));
  });

  it('refuses a stream that is no page content (a form, a font) inflating beyond its limit', async () => {
    const pdf = await PDFDocument.load(await textPdf(['Hello']));
    const zeros = deflateSync(Buffer.alloc(3 * MB));
    pdf.context.register(pdf.context.stream(zeros, { Filter: 'FlateDecode' }));
    const small = limits({ maxStreamBytes: 2 * MB });
    const error = await rejection(
      extractPdfText(await pdf.save({ useObjectStreams: false }), small),
    );
    expect(error.message).toBe(describePdfProblem({ code: 'streamTooLarge' }, small));
  });

  it('refuses streams that together inflate beyond the document limit', async () => {
    const small = limits({ maxTotalStreamBytes: 2 * MB });
    const bomb = await inflatingPdf({ inflatedBytes: 3 * MB, operator: 'paths' });
    const error = await rejection(extractPdfText(bomb, small));
    expect(error.message).toBe(describePdfProblem({ code: 'totalTooLarge' }, small));
  });

  it('cuts a page’s text at the page limit, with a note saying so', async () => {
    const flood = await inflatingPdf({ inflatedBytes: 512 * 1024 });
    const [page] = await extractPdfText(flood, limits({ maxPageChars: 5_000 }));
    expect(page?.startsWith('zorblax flood text')).toBe(true);
    expect(page).toMatch(/\[Text cut: this page holds more than 5,000 characters; .*\]$/);
    expect(page?.length).toBeLessThan(5_000 + 200);
  });

  it('cuts the document’s text at the document limit: later pages keep none', async () => {
    const pages = await extractPdfText(await manyPagePdf(6, 10), limits({ maxDocumentChars: 800 }));
    expect(pages).toHaveLength(6);
    expect(pages[0]).toContain('Page 1 line 10');
    expect(pages[1]).toMatch(/\[Text cut: Coursepack keeps 800 characters of a document’s text;/);
    expect(pages.slice(2)).toEqual(['', '', '', '']);
  });

  it('refuses a document with more pages than the limit', async () => {
    const small = limits({ maxPages: 4 });
    const error = await rejection(extractPdfText(await manyPagePdf(5, 1), small));
    expect(error.message).toBe(describePdfProblem({ code: 'tooManyPages', pages: 5 }, small));
  });

  it('kills a reading that passes its deadline', async () => {
    const tiny = limits({ deadlineMs: 1 });
    const error = await rejection(extractPdfText(await textPdf(['Hello']), tiny));
    expect(error.message).toBe(describePdfProblem({ code: 'deadline' }, tiny));
  });

  it('ends a reading whose heap runs out in its own process, not in ours', async () => {
    // Text limits out of the way: pdf.js then holds the whole flood in its text items.
    const starved = limits({ heapMb: 16, maxPageChars: 50 * MB, maxDocumentChars: 50 * MB });
    const flood = await inflatingPdf({ inflatedBytes: 12 * MB });
    const error = await rejection(extractPdfText(flood, starved));
    expect(error.message).toBe(describePdfProblem({ code: 'memory' }, starved));
  });
});
