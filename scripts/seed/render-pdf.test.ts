import { createRequire } from 'node:module';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoCatalogue } from './content/demo-catalogue';
import { demoPdfInput } from './demo-pdf-input';
import { formatPageText, type PageBlock, parsePageMarkup } from './parse-page-markup';
import { DEMO_PDF_DATE, type PdfDocumentInput, renderPdf, titleBlockText } from './render-pdf';
import { sanitizeWinAnsiText } from './sanitize-win-ansi-text';

const institutionNames = new Map(demoCatalogue.institutions.map((i) => [i.slug, i.name]));
const inputs: PdfDocumentInput[] = demoCatalogue.courses.flatMap((course) =>
  course.documents.map((document) =>
    demoPdfInput(course, document, institutionNames.get(course.institutionSlug) ?? ''),
  ),
);
const standardFontDataUrl = `${path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts',
)}/`;

// Rendering every demo PDF once keeps the suite fast while covering all the content.
let pdfs: Uint8Array[] = [];
beforeAll(async () => {
  pdfs = await Promise.all(inputs.map(renderPdf));
});

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

async function extractPageTexts(pdf: Uint8Array): Promise<string[]> {
  // pdf.js takes ownership of the buffer it is given, so hand it a copy.
  const document = await getDocument({ data: pdf.slice(), standardFontDataUrl, verbosity: 0 })
    .promise;
  try {
    const texts: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const content = await (await document.getPage(number)).getTextContent();
      const strings = content.items.flatMap((item) => ('str' in item ? [item.str] : []));
      texts.push(squash(strings.join(' ')));
    }
    return texts;
  } finally {
    await document.destroy();
  }
}

describe('renderPdf', () => {
  it('renders one PDF page per content page, with the metadata set', async () => {
    for (const [index, input] of inputs.entries()) {
      const pdf = await PDFDocument.load(pdfs[index] as Uint8Array, { updateMetadata: false });
      expect(pdf.getPageCount(), input.title).toBe(input.pages.length);
      expect(pdf.getTitle()).toBe(sanitizeWinAnsiText(input.title));
      expect(pdf.getAuthor()).toContain(input.courseCode);
      expect(pdf.getSubject()).toContain(input.courseTitle);
      expect(pdf.getCreationDate()?.toISOString()).toBe(DEMO_PDF_DATE.toISOString());
      expect(pdf.getModificationDate()?.toISOString()).toBe(DEMO_PDF_DATE.toISOString());
    }
  });

  it('lays slides out in landscape and other kinds on portrait A4', async () => {
    for (const [index, input] of inputs.entries()) {
      const pdf = await PDFDocument.load(pdfs[index] as Uint8Array);
      const { width, height } = pdf.getPage(0).getSize();
      if (input.kind === 'slides') expect(width).toBeGreaterThan(height);
      else expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    }
  });

  it('is byte-identical when rendered again', async () => {
    const again = await Promise.all(inputs.map(renderPdf));
    for (const [index, pdf] of again.entries()) {
      expect(Buffer.from(pdf).equals(Buffer.from(pdfs[index] as Uint8Array))).toBe(true);
    }
  });

  it('puts each page’s text, extractable, on that page', async () => {
    for (const [index, input] of inputs.entries()) {
      const texts = await extractPageTexts(pdfs[index] as Uint8Array);
      expect(texts).toHaveLength(input.pages.length);
      input.pages.forEach((blocks: readonly PageBlock[], page) => {
        expect(texts[page], `${input.title} page ${page + 1}`).toContain(
          squash(formatPageText(blocks)),
        );
      });
      // A distinctive phrase of page 2 is on page 2 and not on page 1.
      const phrase = distinctivePhrase(formatPageText(input.pages[1] ?? []), texts[0] ?? '');
      expect(texts[1]).toContain(phrase);
      expect(texts[0]).not.toContain(phrase);
    }
  });

  it('draws page 1’s title block, as its text says, above the page’s content', async () => {
    for (const [index, input] of inputs.entries()) {
      const [first] = await extractPageTexts(pdfs[index] as Uint8Array);
      const heading = squash(titleBlockText(input));
      expect(heading).toContain(sanitizeWinAnsiText(input.title));
      expect(first, input.title).toContain(
        `${heading} ${squash(formatPageText(input.pages[0] ?? []))}`,
      );
    }
  });

  it('refuses a page that cannot fit on one PDF page', async () => {
    const paragraph = 'An overlong page keeps going well past the bottom margin. '.repeat(400);
    await expect(
      renderPdf({ ...(inputs[0] as PdfDocumentInput), pages: [parsePageMarkup(paragraph)] }),
    ).rejects.toThrow(/does not fit/);
  });
});

/** Six consecutive words of `text` that do not occur in `elsewhere`. */
function distinctivePhrase(text: string, elsewhere: string): string {
  const words = squash(text).split(' ');
  for (let start = 0; start + 6 <= words.length; start++) {
    const phrase = words.slice(start, start + 6).join(' ');
    if (!elsewhere.includes(phrase)) return phrase;
  }
  throw new Error(`No distinctive phrase in: ${text.slice(0, 80)}`);
}
