import type { PageTextRun } from '@coursepack/db/schema';
import { scanPdfStreams } from '@coursepack/pdf-guard/scan-pdf-streams';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { recognizePdfPages } from '../ocr/recognize-pdf-pages';
import type { PdfProblem } from './describe-pdf-problem';
import { storableText, textItemRuns } from './page-text-runs';
import type { PdfTextLimits } from './pdf-text-limits';
import { pdfjsOptions } from './pdfjs-options';
import type { ReadingCarry, ReadingSlice } from './reading-slice';

/**
 * pdf.js itself, run inside the reading child process (pdf-reader-child-main.ts), never in the
 * worker's own process: it parses synchronously and holds whatever a file makes it hold.
 * `recognised`: the pages whose text came from OCR (they had no text layer); `runs`: where each
 * page's words are (page-text-runs.ts), beside `pages`.
 */
export type PdfReading =
  | {
      ok: true;
      /** Pages `slice.fromPage` onwards whose text this slice read (OCR'd ones included). */
      pages: string[];
      runs: PageTextRun[][];
      /** Pages of earlier slices recognised in this one. */
      earlier: RecognisedPage[];
      recognised: number[];
      /** The document's pages, read or not. */
      pageCount: number;
      /** The first page whose text is left for the next slice; absent once the last is read. */
      next?: number;
      carry: ReadingCarry;
    }
  | { ok: false; problem: PdfProblem };

export interface RecognisedPage {
  page: number;
  text: string;
  runs: PageTextRun[];
}

export interface ReadingOptions {
  /** The course's language, for the OCR model. */
  language: string;
  /**
   * Called as each page starts, read or recognised: the parent's per-page deadline restarts and
   * names this page. (Counting from the last page finished named the page after the last one
   * once recognition began: "page 2001" of 2,000.)
   */
  onPageStart: (number: number) => void;
  slice: ReadingSlice;
}

class Unreadable extends Error {
  constructor(readonly problem: PdfProblem) {
    super(problem.code);
  }
}

async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  const task = getDocument(pdfjsOptions(bytes));
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy();
    const password = error instanceof Error && error.name === 'PasswordException';
    throw new Unreadable({ code: password ? 'encrypted' : 'corrupt' });
  }
}

/** Line breaks as the PDF lays them out; control characters (and NUL, which PostgreSQL text refuses) dropped. */
function cleanPageText(text: string): string {
  return storableText(text)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * OCR for the pages found without a text layer (`carry.ocrPending`), in order, until `shouldStop`
 * says the slice's time is up; the pages left stay pending for the next slice. Answers each
 * page's text (cut at the page limit) and words, or a note saying why it was not drawn.
 */
async function recognisePending(
  pdf: PDFDocumentProxy,
  carry: ReadingCarry,
  limits: PdfTextLimits,
  options: ReadingOptions & {
    shouldStop: (pageNumber: number) => boolean;
    pageImagePixels: (pageObjectNumber: number) => number | undefined;
  },
): Promise<{ done: RecognisedPage[]; recognised: number[] }> {
  const refused = new Map<number, number>();
  const texts = await recognizePdfPages(pdf, carry.ocrPending, {
    languages: [options.language],
    maxPixels: limits.ocrMaxPixels,
    maxImagePixels: limits.ocrMaxImagePixels,
    pageImagePixels: options.pageImagePixels,
    onRefused: (number, pixels) => refused.set(number, pixels),
    onPageStart: (number) => options.onPageStart(number),
    shouldStop: options.shouldStop,
  });
  const done: RecognisedPage[] = [];
  const recognised: number[] = [];
  for (const page of carry.ocrPending) {
    const words = texts.get(page);
    const pixels = refused.get(page);
    if (words) {
      const clean = cleanPageText(words.text);
      const text =
        clean.length > limits.maxPageChars
          ? cutText(
              clean,
              limits.maxPageChars,
              `[Text cut: Coursepack keeps the first ${limits.maxPageChars.toLocaleString('en-US')} characters of a page.]`,
            )
          : clean;
      done.push({ page, text, runs: words.runs });
      if (text !== '') recognised.push(page);
    } else if (pixels !== undefined) {
      done.push({
        page,
        text: `[Text not recognised: this page's images hold ${millions(pixels)} million pixels, more than the ${millions(limits.ocrMaxImagePixels)} million Coursepack draws to recognise a page; it is shown but not searchable.]`,
        runs: [],
      });
    }
  }
  carry.ocrPending = carry.ocrPending.filter((page) => !texts.has(page) && !refused.has(page));
  return { done, recognised };
}

function millions(pixels: number): string {
  return Math.ceil(pixels / 1_000_000).toLocaleString('en-US');
}

/** At a word boundary when there is one near, then the note saying why. */
function cutText(text: string, maxChars: number, note: string): string {
  const head = text.slice(0, maxChars);
  const lastSpace = head.search(/\s\S*$/);
  const kept = lastSpace > maxChars * 0.9 ? head.slice(0, lastSpace) : head;
  return `${kept.trimEnd()}\n\n${note}`;
}

function itemText(item: TextItem | { type: string }): string {
  return 'str' in item ? `${item.str}${item.hasEOL ? '\n' : ''}` : '';
}

function isTextItem(item: TextItem | { type: string }): item is TextItem {
  return 'str' in item;
}

/**
 * A page's text, read chunk by chunk and dropped once it passes `maxChars` (with room for the
 * whitespace cleaning removes): pdf.js stops evaluating the page when its stream is cancelled.
 */
async function readPageText(
  pdf: PDFDocumentProxy,
  number: number,
  maxChars: number,
): Promise<{ text: string; runs: PageTextRun[]; cut: boolean }> {
  const page = await pdf.getPage(number);
  try {
    const reader = page.streamTextContent().getReader();
    let raw = '';
    let cut = false;
    const items: TextItem[] = [];
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      const value: { items: (TextItem | { type: string })[] } = chunk.value;
      raw += value.items.map(itemText).join('');
      items.push(...value.items.filter(isTextItem));
      if (raw.length > maxChars * 2) {
        cut = true;
        // Not awaited: pdf.js settles a cancel only when the page's evaluation notices it.
        reader.cancel(new Error('Page text over the limit')).catch(() => {});
        break;
      }
    }
    const text = cleanPageText(raw);
    const runs = textItemRuns(items, page.getViewport({ scale: 1 }));
    return { text, runs, cut: cut || text.length > maxChars };
  } finally {
    page.cleanup();
  }
}

/** The first page whose own content expands beyond the limit, if any (cheap: no content is read). */
async function findOversizedPage(
  pdf: PDFDocumentProxy,
  contentBytes: (pageObjectNumber: number) => number | undefined,
  maxBytes: number,
): Promise<number | undefined> {
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    const bytes = page.ref ? contentBytes(page.ref.num) : undefined;
    if (bytes !== undefined && bytes > maxBytes) return number;
  }
  return undefined;
}

/**
 * The text of every page, in order, within `limits`: streams are measured before pdf.js decodes
 * any (@coursepack/pdf-guard), a page's text is cut at `maxPageChars` and the document's at
 * `maxDocumentChars`, each cut ending with a note that says so, for readers and for its uploader.
 * Pages without a text layer (scans) are recognised by OCR, up to `maxOcrPages`; a page OCR
 * finds no words on (a drawing, a photo) stays an empty string: readable, not searchable.
 * One slice at a time (`options.slice`): from its first page until `stopAfterMs` have passed,
 * so that a long document gives the worker back between slices; the next slice carries on with
 * the budgets this one hands over.
 */
export async function readPdfText(
  bytes: Uint8Array,
  limits: PdfTextLimits,
  options: ReadingOptions,
): Promise<PdfReading> {
  const { slice } = options;
  const startedAt = performance.now();
  const timeUp = () => performance.now() - startedAt >= slice.stopAfterMs;
  const isFirstSlice = slice.fromPage === 1;
  const { maxStreamBytes, maxTotalStreamBytes } = limits;
  const scanStreams = () => scanPdfStreams(bytes, { maxStreamBytes, maxTotalStreamBytes });
  // The file's checks are the first slice's: later ones read the very same stored original,
  // and scan it only when a page is to be recognised (for the images it draws).
  let scan = isFirstSlice ? scanStreams() : null;
  const problems = new Set(scan?.problems.map((problem) => problem.code));
  if (problems.has('totalTooLarge')) return { ok: false, problem: { code: 'totalTooLarge' } };
  let pdf: PDFDocumentProxy | undefined;
  try {
    pdf = await openPdf(bytes);
    if (pdf.numPages > limits.maxPages) {
      return { ok: false, problem: { code: 'tooManyPages', pages: pdf.numPages } };
    }
    if (scan) {
      const oversizedPage = await findOversizedPage(
        pdf,
        scan.pageContentBytes,
        limits.maxPageContentBytes,
      );
      if (oversizedPage !== undefined) {
        return { ok: false, problem: { code: 'pageContentTooLarge', page: oversizedPage } };
      }
    }
    // Beyond every page's own content: a form, a font or an object stream.
    if (problems.has('streamTooLarge')) return { ok: false, problem: { code: 'streamTooLarge' } };

    const pages: string[] = [];
    const runs: PageTextRun[][] = [];
    const carry: ReadingCarry = {
      charsLeft: slice.charsLeft,
      ocrLeft: slice.ocrLeft,
      ocrPending: [...slice.ocrPending],
      ocrCutNoted: slice.ocrCutNoted,
    };
    let number = slice.fromPage;
    for (; number <= pdf.numPages; number += 1) {
      if (number > slice.fromPage && timeUp()) break;
      if (carry.charsLeft <= 0) {
        pages.push('');
        runs.push([]);
        continue;
      }
      const pageLimit = Math.min(limits.maxPageChars, carry.charsLeft);
      options.onPageStart(number);
      const page = await readPageText(pdf, number, pageLimit);
      const { text, cut } = page;
      runs.push(page.runs);
      if (!cut) {
        pages.push(text);
        carry.charsLeft -= text.length;
      } else if (pageLimit < limits.maxPageChars) {
        pages.push(
          cutText(
            text,
            pageLimit,
            `[Text cut: Coursepack keeps ${limits.maxDocumentChars.toLocaleString('en-US')} characters of a document’s text; the text from here to the last page is not shown or searchable.]`,
          ),
        );
        carry.charsLeft = 0;
      } else {
        pages.push(
          cutText(
            text,
            pageLimit,
            `[Text cut: this page holds more than ${limits.maxPageChars.toLocaleString('en-US')} characters; Coursepack keeps the first ${limits.maxPageChars.toLocaleString('en-US')}.]`,
          ),
        );
        carry.charsLeft -= pageLimit;
      }
      // Read and empty: no text layer, so OCR's, while it may take more pages.
      if (text !== '') continue;
      if (carry.ocrLeft > 0) {
        carry.ocrPending.push(number);
        carry.ocrLeft -= 1;
      } else if (!carry.ocrCutNoted) {
        carry.ocrCutNoted = true;
        pages[pages.length - 1] =
          `[Text not recognised: Coursepack recognises the text of up to ${limits.maxOcrPages.toLocaleString('en-US')} scanned pages per document; this page and the later scanned ones are shown but not searchable.]`;
      }
    }
    const textRead = number - slice.fromPage;
    // A slice always gets somewhere: a page's text, or else the first pending page recognised.
    const shouldStop = (page: number) => (textRead > 0 || page !== carry.ocrPending[0]) && timeUp();
    const { done, recognised } = await recognisePending(pdf, carry, limits, {
      ...options,
      shouldStop,
      pageImagePixels: (pageObjectNumber) => {
        scan ??= scanStreams();
        return scan.pageImagePixels(pageObjectNumber);
      },
    });
    const earlier: RecognisedPage[] = [];
    for (const page of done) {
      const index = page.page - slice.fromPage;
      if (index >= 0 && index < textRead) {
        pages[index] = page.text;
        runs[index] = page.runs;
      } else {
        earlier.push(page);
      }
    }
    return {
      ok: true,
      pages,
      runs,
      earlier,
      recognised,
      pageCount: pdf.numPages,
      ...(number <= pdf.numPages ? { next: number } : {}),
      carry,
    };
  } catch (error) {
    if (error instanceof Unreadable) return { ok: false, problem: error.problem };
    return { ok: false, problem: { code: 'corrupt' } };
  } finally {
    await pdf?.destroy();
  }
}
