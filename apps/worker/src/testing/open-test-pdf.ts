import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { pdfjsOptions } from '../documents/pdfjs-options';

/**
 * Opens a PDF the way the document reader's child process does, for tests and the bench that
 * need an open `PDFDocumentProxy` without that process around it.
 */
export function openTestPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  return getDocument(pdfjsOptions(bytes)).promise;
}
