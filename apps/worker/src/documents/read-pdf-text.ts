import type { PageTextRun } from '@coursepack/db/schema';
import { scanPdfStreams } from '@coursepack/pdf-guard/scan-pdf-streams';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { recognizePdfPages } from '../ocr/recognize-pdf-pages';
import type { PdfProblem } from './describe-pdf-problem';
import { textItemRuns } from './page-text-runs';
import type { PdfTextLimits } from './pdf-text-limits';
import { pdfjsOptions } from './pdfjs-options';

/**
 * pdf.js itself, run inside the reading child process (pdf-reader-child-main.ts), never in the
 * worker's own process: it parses synchronously and holds whatever a file makes it hold.
 * `recognised`: the pages whose text came from OCR (they had no text layer); `runs`: where each
 * page's words are (page-text-runs.ts), beside `pages`.
 */
export type PdfReading =
  | { ok: true; pages: string[]; runs: PageTextRun[][]; recognised: number[] }
  | { ok: false; problem: PdfProblem };

export interface ReadingOptions {
  /** The course's language, for the OCR model. */
  language: string;
  /**
   * Called as each page starts, read or recognised: the parent's per-page deadline restarts and
   * names this page. (Counting from the last page finished named the page after the last one
   * once recognition began: "page 2001" of 2,000.)
   */
  onPageStart: (number: number) => void;
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

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is its purpose
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Line breaks as the PDF lays them out; control characters (and NUL, which PostgreSQL text refuses) dropped. */
function cleanPageText(text: string): string {
  return text
    .replace(CONTROL_CHARACTERS, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * OCR for the pages without a text layer, written into `pages`, up to `maxOcrPages`; the first
 * page left unrecognised says why (readers and search see the note). Answers the pages whose
 * words were recognised.
 */
async function recognisePages(
  pdf: PDFDocumentProxy,
  withoutText: number[],
  pages: string[],
  runs: PageTextRun[][],
  limits: PdfTextLimits,
  options: ReadingOptions,
): Promise<number[]> {
  if (withoutText.length === 0) return [];
  const chosen = withoutText.slice(0, limits.maxOcrPages);
  const refused = new Map<number, number>();
  const texts = await recognizePdfPages(pdf, chosen, {
    languages: [options.language],
    maxPixels: limits.ocrMaxPixels,
    maxImagePixels: limits.ocrMaxImagePixels,
    onRefused: (number, pixels) => refused.set(number, pixels),
    onPageStart: (number) => options.onPageStart(number),
  });
  for (const [number, { text, runs: words }] of texts) {
    runs[number - 1] = words;
    const clean = cleanPageText(text);
    pages[number - 1] =
      clean.length > limits.maxPageChars
        ? cutText(
            clean,
            limits.maxPageChars,
            `[Text cut: Coursepack keeps the first ${limits.maxPageChars.toLocaleString('en-US')} characters of a page.]`,
          )
        : clean;
  }
  for (const [number, pixels] of refused) {
    pages[number - 1] =
      `[Text not recognised: this page's images hold ${millions(pixels)} million pixels, more than the ${millions(limits.ocrMaxImagePixels)} million Coursepack draws to recognise a page; it is shown but not searchable.]`;
  }
  const firstSkipped = withoutText[limits.maxOcrPages];
  if (firstSkipped !== undefined) {
    pages[firstSkipped - 1] =
      `[Text not recognised: Coursepack recognises the text of up to ${limits.maxOcrPages.toLocaleString('en-US')} scanned pages per document; this page and the later scanned ones are shown but not searchable.]`;
  }
  return chosen.filter((number) => texts.has(number) && (pages[number - 1] ?? '') !== '');
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
 */
export async function readPdfText(
  bytes: Uint8Array,
  limits: PdfTextLimits,
  options: ReadingOptions,
): Promise<PdfReading> {
  const { maxStreamBytes, maxTotalStreamBytes } = limits;
  const scan = scanPdfStreams(bytes, { maxStreamBytes, maxTotalStreamBytes });
  const problems = new Set(scan.problems.map((problem) => problem.code));
  if (problems.has('totalTooLarge')) return { ok: false, problem: { code: 'totalTooLarge' } };
  let pdf: PDFDocumentProxy | undefined;
  try {
    pdf = await openPdf(bytes);
    if (pdf.numPages > limits.maxPages) {
      return { ok: false, problem: { code: 'tooManyPages', pages: pdf.numPages } };
    }
    const oversizedPage = await findOversizedPage(
      pdf,
      scan.pageContentBytes,
      limits.maxPageContentBytes,
    );
    if (oversizedPage !== undefined) {
      return { ok: false, problem: { code: 'pageContentTooLarge', page: oversizedPage } };
    }
    // Beyond every page's own content: a form, a font or an object stream.
    if (problems.has('streamTooLarge')) return { ok: false, problem: { code: 'streamTooLarge' } };

    const pages: string[] = [];
    const runs: PageTextRun[][] = [];
    // Read and empty: no text layer. Pages past the document's budget are not among them.
    const withoutText: number[] = [];
    let budget = limits.maxDocumentChars;
    for (let number = 1; number <= pdf.numPages; number += 1) {
      if (budget <= 0) {
        pages.push('');
        runs.push([]);
        continue;
      }
      const pageLimit = Math.min(limits.maxPageChars, budget);
      options.onPageStart(number);
      const page = await readPageText(pdf, number, pageLimit);
      const { text, cut } = page;
      runs.push(page.runs);
      if (text === '') withoutText.push(number);
      if (!cut) {
        pages.push(text);
        budget -= text.length;
      } else if (pageLimit < limits.maxPageChars) {
        pages.push(
          cutText(
            text,
            pageLimit,
            `[Text cut: Coursepack keeps ${limits.maxDocumentChars.toLocaleString('en-US')} characters of a document’s text; the text from here to the last page is not shown or searchable.]`,
          ),
        );
        budget = 0;
      } else {
        pages.push(
          cutText(
            text,
            pageLimit,
            `[Text cut: this page holds more than ${limits.maxPageChars.toLocaleString('en-US')} characters; Coursepack keeps the first ${limits.maxPageChars.toLocaleString('en-US')}.]`,
          ),
        );
        budget -= pageLimit;
      }
    }
    const recognised = await recognisePages(pdf, withoutText, pages, runs, limits, options);
    return { ok: true, pages, runs, recognised };
  } catch (error) {
    if (error instanceof Unreadable) return { ok: false, problem: error.problem };
    return { ok: false, problem: { code: 'corrupt' } };
  } finally {
    await pdf?.destroy();
  }
}
