import type { PageTextRun } from '@coursepack/db/schema';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { textItemRuns } from './page-text-runs';
import { pdfjsOptions } from './pdfjs-options';

/**
 * Where the words of every page of a PDF we made ourselves are (the demo seed's), read with
 * pdf.js in this process, as the worker reads uploads' (`document_pages.text_layer`). Never for
 * an uploaded file: those are read in a bounded child process (read-pdf-in-child.ts).
 */
export async function readOwnPdfTextRuns(bytes: Uint8Array): Promise<PageTextRun[][]> {
  const pdf = await getDocument(pdfjsOptions(bytes)).promise;
  try {
    const pages: PageTextRun[][] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const { items } = await page.getTextContent();
      const textItems = items.filter((item): item is TextItem => 'str' in item);
      pages.push(textItemRuns(textItems, page.getViewport({ scale: 1 })));
      page.cleanup();
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
}
