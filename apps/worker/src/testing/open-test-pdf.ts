import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

/**
 * Opens a PDF the way the document reader's child process does, for tests and the bench that
 * need an open `PDFDocumentProxy` without that process around it.
 */
export function openTestPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  return getDocument({
    // pdf.js detaches the buffer it is given; the caller keeps its own.
    data: new Uint8Array(bytes),
    standardFontDataUrl: `${path.join(pdfjsRoot, 'standard_fonts')}${path.sep}`,
    cMapUrl: `${path.join(pdfjsRoot, 'cmaps')}${path.sep}`,
    cMapPacked: true,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
}
