import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { openEmbeddedScans } from './embedded-scan';
import { createOcrEngine, type ImageFile, type OcrPage } from './ocr-engine';
import { DEFAULT_MAX_PIXELS, type RasterizedPage, rasterizePage } from './rasterize-page';

export interface RecognizePdfPagesOptions {
  /** Course languages (`en`, `fr-CA`…); see resolveOcrLanguage. */
  languages: string[];
  /** Pixel cap per page, rasterized or a scan's own image; see rasterizePage. */
  maxPixels?: number;
  /**
   * Pixels of the images one page may hold to be drawn: pdf.js decodes each whole (about 8 bytes
   * a pixel between its decoded copy and the canvas it draws through), whatever the size the
   * page is drawn at. A page over it is not drawn; `onRefused` says so.
   */
  maxImagePixels?: number;
  /**
   * Pixels of the images a page may draw, by its object number, read from the file's
   * dictionaries without decoding any (the stream scan's `pageImagePixels`, @coursepack/pdf-guard).
   */
  pageImagePixels?: (pageObjectNumber: number) => number | undefined;
  onRefused?: (pageNumber: number, imagePixels: number) => void;
  /** Asked before each page: true ends the recognition there (the caller's turn is over). */
  shouldStop?: (pageNumber: number) => boolean;
  /** Called as each page starts, before it is drawn or read (the caller's page deadline). */
  onPageStart?: (pageNumber: number) => void;
  /** Called as each page is read, e.g. to store it before the next one starts. */
  onPage?: (pageNumber: number, text: string) => void;
  /** Where to say that a language is read as English for want of its model (console.warn). */
  warn?: (message: string) => void;
}

/**
 * OCR of the listed pages (1-based) of an open document, their text and where its words are: each is read in turn by one Tesseract
 * worker, created here and terminated when done or on the first error. A page that is one JPEG
 * and nothing else (a scan) is read from that JPEG as it is in the file; any other is drawn
 * first (see embedded-scan.ts). One page at a time, on purpose: the other core is the web app's.
 * Only one page's pixels are held at once. Parsing the file for its scans inflates its object
 * streams: the caller bounds them first (readPdfText does).
 */
export async function recognizePdfPages(
  pdf: PDFDocumentProxy,
  pageNumbers: number[],
  {
    languages,
    maxPixels = DEFAULT_MAX_PIXELS,
    maxImagePixels = Number.POSITIVE_INFINITY,
    pageImagePixels,
    onRefused,
    shouldStop,
    onPageStart,
    onPage,
    warn = console.warn,
  }: RecognizePdfPagesOptions,
): Promise<Map<number, OcrPage>> {
  const texts = new Map<number, OcrPage>();
  if (pageNumbers.length === 0) return texts;
  const engine = await createOcrEngine({ languages });
  engine.languages.forEach((language, index) => {
    if (!language.fallback) return;
    const install = language.missingPackage ? ` (install ${language.missingPackage})` : '';
    warn(`OCR: no model for language '${languages[index]}'${install}; reading it as English`);
  });
  try {
    const scans = await openEmbeddedScans(await pdf.getData());
    for (const pageNumber of pageNumbers) {
      if (texts.has(pageNumber)) continue;
      if (shouldStop?.(pageNumber)) break;
      onPageStart?.(pageNumber);
      const page = await pdf.getPage(pageNumber);
      const found = scans?.find(page, maxPixels);
      const imagePixels = (page.ref && pageImagePixels?.(page.ref.num)) ?? 0;
      if (!(found && 'scan' in found) && imagePixels > maxImagePixels) {
        onRefused?.(pageNumber, imagePixels);
        continue;
      }
      const image: RasterizedPage | ImageFile =
        found && 'scan' in found
          ? {
              file: found.scan.jpeg,
              width: found.scan.width,
              height: found.scan.height,
              dpi: found.scan.dpi,
            }
          : await rasterizePage(pdf, pageNumber, { maxPixels });
      const recognised = await engine.recognize(image);
      texts.set(pageNumber, recognised);
      onPage?.(pageNumber, recognised.text);
    }
  } finally {
    await engine.terminate();
  }
  return texts;
}
