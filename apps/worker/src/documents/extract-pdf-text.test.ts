import { deflateSync } from 'node:zlib';
import {
  inflatingPdf,
  largeImagesPdf,
  manyPagePdf,
  sharedLineArtPdf,
} from '@coursepack/hostile-files/hostile-pdfs';
import {
  brokenXrefPdf,
  emptyPasswordEncryptedPdf,
  incrementallyUpdatedPdf,
  linearizedPdf,
  REAL_WORLD_TEXT,
  UPDATED_TEXT,
} from '@coursepack/hostile-files/real-world-pdfs';
import { jpeg2000ScanPdf, SCAN_LINE_TEXT } from '@coursepack/hostile-files/scan-encodings';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { makeScannedPdf } from '../testing/make-scanned-pdf';
import { corruptPdf, encryptedPdf, textPdf } from '../testing/pdf-fixtures';
import { describePdfProblem, PDF_PROBLEMS } from './describe-pdf-problem';
import { extractPdfText, UnreadablePdfError } from './extract-pdf-text';
import { PDF_TEXT_LIMITS, type PdfTextLimits } from './pdf-text-limits';
import { firstSlice, type ReadingCarry, type ReadingSlice } from './reading-slice';

const MB = 1024 * 1024;

/** Small limits, so that each hostile file stays small too. */
function limits(overrides: Partial<PdfTextLimits>): { limits: PdfTextLimits } {
  return { limits: { ...PDF_TEXT_LIMITS, ...overrides } };
}

/** The reason a reading gives the uploader; fails the test when the PDF was read. */
async function reason(reading: Promise<unknown>): Promise<string> {
  const error = await reading.then(
    () => expect.fail('the PDF was read'),
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(UnreadablePdfError);
  return (error as Error).message;
}

async function pagesOf(reading: ReturnType<typeof extractPdfText>): Promise<string[]> {
  return (await reading).pages;
}

describe('reading PDFs', () => {
  it('extracts the text of each page in order, blank pages as empty strings', async () => {
    const text = await extractPdfText(
      await textPdf(['Vector spaces\nand subspaces', '', 'Eigenvalues']),
    );
    // The blank page went through OCR too, which found no words on it.
    expect(text).toMatchObject({
      pages: ['Vector spaces\nand subspaces', '', 'Eigenvalues'],
      recognised: [],
    });
  });

  it.each([
    ['a damaged cross-reference table', brokenXrefPdf, REAL_WORLD_TEXT],
    ['an incremental update (the updated text)', incrementallyUpdatedPdf, UPDATED_TEXT],
    ['a linearized file', linearizedPdf, REAL_WORLD_TEXT],
    ['encryption with an empty user password', emptyPasswordEncryptedPdf, REAL_WORLD_TEXT],
  ])('reads a PDF with %s, as pdf.js does', async (_, make, text) => {
    expect(await extractPdfText(make())).toMatchObject({ pages: [text], recognised: [] });
  });

  it('places each line of a text page on the page, in fractions of its size', async () => {
    const { runs } = await extractPdfText(await textPdf(['Vector spaces\nand subspaces', '']));
    // textPdf draws 12 pt Helvetica from x 50 pt, baselines 62 and 80 pt below the top of A4.
    const [first, second] = runs?.[0] ?? [];
    expect(first?.[4]).toBe('Vector spaces');
    expect(second?.[4]).toBe('and subspaces');
    expect(first?.[0]).toBeCloseTo(50 / 595, 3);
    expect(first?.[1]).toBeCloseTo((62 - 12 * 0.8) / 842, 3);
    expect(first?.[3]).toBeCloseTo(12 / 842, 3);
    expect(second?.[1]).toBeCloseTo((80 - 12 * 0.8) / 842, 3);
    // Helvetica's advance widths: 'Vector spaces' is about 75 pt at 12 pt.
    expect(first?.[2]).toBeGreaterThan(60 / 595);
    expect(first?.[2]).toBeLessThan(90 / 595);
    expect(runs?.[1]).toEqual([]);
  });

  it('places the words OCR recognised on a scanned page', async () => {
    const { pages, runs, recognised } = await extractPdfText(
      await makeScannedPdf({ lines: ['zorblax eigenvalue thermodynamics'] }),
    );
    expect(recognised).toEqual([1]);
    expect(pages[0]).toBe('zorblax eigenvalue thermodynamics');
    const words = runs?.[0] ?? [];
    expect(words.map((run) => run[4])).toEqual(['zorblax', 'eigenvalue', 'thermodynamics']);
    // The scan's line starts one inch in; its baseline is one inch down a Letter page (8.5 × 11 in).
    const [x, y, width, height] = words[0] ?? [];
    expect(x).toBeCloseTo(1 / 8.5, 1);
    expect(y).toBeGreaterThan(0.06);
    expect((y ?? 0) + (height ?? 0)).toBeCloseTo(1 / 11, 1);
    expect(width).toBeGreaterThan(0.05);
    const xs = words.map((run) => run[0]);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
  });

  it('reads a page scanned as JPEG 2000, as archives store their scans', async () => {
    const { pages, recognised } = await extractPdfText(await jpeg2000ScanPdf());
    expect(recognised).toEqual([1]);
    expect(pages[0]).toBe(SCAN_LINE_TEXT);
  });

  it('reads every page of a long document (pages packed in object streams)', async () => {
    const pages = await pagesOf(extractPdfText(await manyPagePdf(60, 3)));
    expect(pages).toHaveLength(60);
    expect(pages[59]).toContain('Page 60 line 3');
  });

  it('reads in turns the same text as at once, scanned pages recognised in later turns', {
    timeout: 120_000,
  }, async () => {
    // A text page between two scans; turns of no time read one page each, then recognise one.
    const scan = await PDFDocument.load(await makeScannedPdf({ pages: 2 }));
    const text = await PDFDocument.load(await textPdf(['Between the scans']));
    const mixed = await PDFDocument.create();
    const [first, second] = await mixed.copyPages(scan, [0, 1]);
    const [middle] = await mixed.copyPages(text, [0]);
    for (const page of [first, middle, second]) if (page) mixed.addPage(page);
    const bytes = await mixed.save();
    const whole = await extractPdfText(bytes);

    const pages: string[] = [];
    let slice: ReadingSlice = { ...firstSlice(PDF_TEXT_LIMITS), stopAfterMs: 0 };
    const turns: { read: number; recognised: number[] }[] = [];
    for (;;) {
      const turn = await extractPdfText(bytes, { slice });
      turn.pages.forEach((body, index) => {
        pages[slice.fromPage - 1 + index] = body;
      });
      for (const { page, text: body } of turn.earlier ?? []) pages[page - 1] = body;
      turns.push({ read: turn.pages.length, recognised: turn.recognised });
      const carry = turn.carry as ReadingCarry;
      if (turn.next === undefined && carry.ocrPending.length === 0) break;
      slice = { ...carry, fromPage: turn.next ?? 4, stopAfterMs: 0 };
    }
    expect(pages).toEqual(whole.pages);
    expect(whole.pages[0]).toContain('zorblax');
    expect(whole.pages[1]).toBe('Between the scans');
    // Three turns of text, then one for each scanned page.
    expect(turns).toEqual([
      { read: 1, recognised: [] },
      { read: 1, recognised: [] },
      { read: 1, recognised: [] },
      { read: 0, recognised: [1] },
      { read: 0, recognised: [3] },
    ]);
  });

  it('explains a password-protected PDF', async () => {
    expect(await reason(extractPdfText(encryptedPdf()))).toBe(PDF_PROBLEMS.encrypted);
  });

  it('explains a damaged PDF', async () => {
    expect(await reason(extractPdfText(corruptPdf()))).toBe(PDF_PROBLEMS.corrupt);
  });
});

describe('reading hostile PDFs within limits', () => {
  it('refuses a page whose content stream inflates beyond the page limit, naming the page', async () => {
    const small = limits({ maxPageContentBytes: 1 * MB, maxStreamBytes: 2 * MB });
    const bomb = await inflatingPdf({ inflatedBytes: 3 * MB, pages: 2 });
    const message = await reason(extractPdfText(bomb, small));
    expect(message).toBe(
      describePdfProblem({ code: 'pageContentTooLarge', page: 1 }, small.limits),
    );
    expect(message).toMatch(/^Page 1 of this PDF expands to more than 1 MB/);
  });

  it('finds the page behind an object stream (PDF 1.5 packing)', async () => {
    const small = limits({ maxPageContentBytes: 1 * MB, maxStreamBytes: 2 * MB });
    const bomb = await inflatingPdf({ inflatedBytes: 3 * MB, operator: 'paths' });
    const packed = await (await PDFDocument.load(bomb)).save({ useObjectStreams: true });
    const message = await reason(extractPdfText(packed, small));
    expect(message).toBe(
      describePdfProblem({ code: 'pageContentTooLarge', page: 1 }, small.limits),
    );
  });

  it('refuses a stream that is no page content (a form, a font) inflating beyond its limit', async () => {
    const pdf = await PDFDocument.load(await textPdf(['Hello']));
    const zeros = deflateSync(Buffer.alloc(3 * MB));
    pdf.context.register(pdf.context.stream(zeros, { Filter: 'FlateDecode' }));
    const small = limits({ maxStreamBytes: 2 * MB });
    const message = await reason(
      extractPdfText(await pdf.save({ useObjectStreams: false }), small),
    );
    expect(message).toBe(describePdfProblem({ code: 'streamTooLarge' }, small.limits));
  });

  it('refuses streams that together inflate beyond the document limit', async () => {
    const small = limits({ maxTotalStreamBytes: 2 * MB });
    const bomb = await inflatingPdf({ inflatedBytes: 3 * MB, operator: 'paths' });
    const message = await reason(extractPdfText(bomb, small));
    expect(message).toBe(describePdfProblem({ code: 'totalTooLarge' }, small.limits));
  });

  it('cuts a page’s text at the page limit, with a note saying so', async () => {
    const flood = await inflatingPdf({ inflatedBytes: 512 * 1024 });
    const [page] = await pagesOf(extractPdfText(flood, limits({ maxPageChars: 5_000 })));
    expect(page?.startsWith('zorblax flood text')).toBe(true);
    expect(page).toMatch(/\[Text cut: this page holds more than 5,000 characters; .*\]$/);
    expect(page?.length).toBeLessThan(5_000 + 200);
  });

  it('cuts the document’s text at the document limit: later pages keep none', async () => {
    const pages = await pagesOf(
      extractPdfText(await manyPagePdf(6, 10), limits({ maxDocumentChars: 800 })),
    );
    expect(pages).toHaveLength(6);
    expect(pages[0]).toContain('Page 1 line 10');
    expect(pages[1]).toMatch(/\[Text cut: Coursepack keeps 800 characters of a document’s text;/);
    expect(pages.slice(2)).toEqual(['', '', '', '']);
  });

  it('refuses a document with more pages than the limit', async () => {
    const small = limits({ maxPages: 4 });
    const message = await reason(extractPdfText(await manyPagePdf(5, 1), small));
    expect(message).toBe(describePdfProblem({ code: 'tooManyPages', pages: 5 }, small.limits));
  });

  it('kills a reading that passes its deadline', async () => {
    const tiny = limits({ deadlineMs: 1 });
    const message = await reason(extractPdfText(await textPdf(['Hello']), tiny));
    expect(message).toBe(describePdfProblem({ code: 'deadline' }, tiny.limits));
  });

  it('names the page that passed the page deadline while it was being recognised', async () => {
    // Three pages of line art and no text: each reads as empty in a moment, then drawing page 1
    // for OCR (tens of thousands of strokes at 300 DPI) passes the page deadline. The reading
    // used to name the page after the last one read (page 4, the probe's "page 2001 of 2,000").
    const slowToDraw = limits({ pageDeadlineMs: 1_000 });
    const art = await sharedLineArtPdf({ pages: 3, segments: 49_000 });
    const message = await reason(extractPdfText(art, slowToDraw));
    expect(message).toBe(describePdfProblem({ code: 'pageDeadline', page: 1 }, slowToDraw.limits));
  });

  it('does not draw for OCR a page whose images would take more memory than allowed', async () => {
    // Six 7000² images, each under any per-image limit: drawing the page decoded them all and
    // the reading child passed 1.5 GB (the second attack probe), killed for its memory.
    const page = await largeImagesPdf({ images: 6, side: 7000 });
    const text = await extractPdfText(page);
    expect(text.recognised).toEqual([]);
    expect(text.pages).toEqual([
      "[Text not recognised: this page's images hold 294 million pixels, more than the 50 million Coursepack draws to recognise a page; it is shown but not searchable.]",
    ]);
  });

  it('does not draw such a page when a later slice comes to recognise it', async () => {
    // Page 1 has text; page 2 is the six images. A slice from page 2 is not the first, so the
    // file's streams were not scanned at its start: they are when page 2 is to be recognised.
    const document = await PDFDocument.create();
    for (const source of [
      await textPdf(['Introduction']),
      await largeImagesPdf({ images: 6, side: 7000 }),
    ]) {
      const loaded = await PDFDocument.load(source);
      const [copied] = await document.copyPages(loaded, [0]);
      if (copied) document.addPage(copied);
    }
    const slice: ReadingSlice = { ...firstSlice(PDF_TEXT_LIMITS), fromPage: 2 };
    const text = await extractPdfText(await document.save(), { slice });
    expect(text.recognised).toEqual([]);
    expect(text.pages).toEqual([
      "[Text not recognised: this page's images hold 294 million pixels, more than the 50 million Coursepack draws to recognise a page; it is shown but not searchable.]",
    ]);
  });

  it('draws a page of images within the budget inside the memory limit', async () => {
    // 49 million pixels, just under the budget: drawn, and recognised (no words), within 1 GB.
    expect(PDF_TEXT_LIMITS.maxResidentMb).toBeLessThanOrEqual(1_024);
    const page = await largeImagesPdf({ images: 1, side: 7000 });
    expect(await extractPdfText(page)).toMatchObject({ pages: [''], recognised: [] });
  });

  it('ends a reading whose heap runs out in its own process, not in ours', async () => {
    // Text limits out of the way: pdf.js then holds the whole flood in its text items.
    const starved = limits({ heapMb: 16, maxPageChars: 50 * MB, maxDocumentChars: 50 * MB });
    const flood = await inflatingPdf({ inflatedBytes: 12 * MB });
    const message = await reason(extractPdfText(flood, starved));
    expect(message).toBe(describePdfProblem({ code: 'memory' }, starved.limits));
  });
});
