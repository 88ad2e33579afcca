import { handWrittenPdf } from '@coursepack/hostile-files/real-world-pdfs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

/** A real PDF with one page per entry, each holding that text (an empty string: a blank page). */
export async function textPdf(pages: string[]): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = pdf.addPage([595, 842]);
    text.split('\n').forEach((line, index) => {
      page.drawText(line, { x: 50, y: 780 - index * 18, size: 12, font });
    });
  }
  return new Uint8Array(await pdf.save());
}

const ONE_BLANK_PAGE = [
  '<< /Type /Catalog /Pages 2 0 R >>',
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
];

/**
 * Encrypted with the standard security handler under a user password that is not empty (its
 * /U entry matches no password we give), as a password-protected export is.
 */
export function encryptedPdf(): Uint8Array<ArrayBuffer> {
  const key = 'ab'.repeat(32);
  const fileId = '0123456789abcdef0123456789abcdef';
  return handWrittenPdf(
    [...ONE_BLANK_PAGE, `<< /Filter /Standard /V 1 /R 2 /O <${key}> /U <${key}> /P -44 >>`],
    `/Encrypt 4 0 R /ID [<${fileId}> <${fileId}>]`,
  );
}

/** Starts like a PDF, then nothing a reader can make sense of. */
export function corruptPdf(): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from('%PDF-1.7\n% this is not the rest of a PDF file\n'.repeat(20)));
}

/** A PDF whose page has no text at all, like a scan without OCR. */
export function textlessPdf(): Uint8Array<ArrayBuffer> {
  return handWrittenPdf(ONE_BLANK_PAGE, '');
}

export async function pngImage(): Promise<Uint8Array<ArrayBuffer>> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#2f55d4' } })
    .png()
    .toBuffer();
  return new Uint8Array(png);
}

/** The 14 fonts every PDF reader has (PDF 32000-1 9.6.2.2): a PDF may name them without embedding them. */
export const STANDARD_FONT_NAMES = [
  'Courier',
  'Courier-Bold',
  'Courier-Oblique',
  'Courier-BoldOblique',
  'Helvetica',
  'Helvetica-Bold',
  'Helvetica-Oblique',
  'Helvetica-BoldOblique',
  'Times-Roman',
  'Times-Bold',
  'Times-Italic',
  'Times-BoldItalic',
  'Symbol',
  'ZapfDingbats',
] as const;

/** The line under each specimen's table; its letters are searchable on every page. */
export const SPECIMEN_LINE = 'Specimen test AEIOU aeiou';

/**
 * A font specimen as TCPDF's core-fonts sample writes it: one page per standard font, none of
 * them embedded, titled in Helvetica-Bold, with all 256 codes of the font in bordered cells
 * (each cell its own text object) and a line of text under them.
 */
export function standardFontSpecimenPdf(): Uint8Array<ArrayBuffer> {
  const fontCount = STANDARD_FONT_NAMES.length;
  // Objects: 1 catalog, 2 pages, 3.. fonts, then a page and its content per font.
  const fonts = STANDARD_FONT_NAMES.map((name) =>
    name === 'Symbol' || name === 'ZapfDingbats'
      ? `<< /Type /Font /Subtype /Type1 /BaseFont /${name} >>`
      : `<< /Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding /WinAnsiEncoding >>`,
  );
  const fontResources = STANDARD_FONT_NAMES.map((_, index) => `/F${index} ${index + 3} 0 R`).join(
    ' ',
  );
  const firstPage = 3 + fontCount;
  const pages: string[] = [];
  STANDARD_FONT_NAMES.forEach((name, index) => {
    const cell = 32;
    let content = `BT /F5 16 Tf 40 800 Td (Font name: ${name.toUpperCase()}) Tj ET\n`;
    for (let code = 0; code < 256; code += 1) {
      const x = 40 + (code % 16) * cell;
      const y = 760 - Math.floor(code / 16) * cell;
      const glyph = `\\${code.toString(8).padStart(3, '0')}`;
      content += `${x} ${y - cell} ${cell} ${cell} re S\n`;
      content += `BT /F${index} 16 Tf ${x + 10} ${y - 22} Td (${glyph}) Tj ET\n`;
    }
    content += `BT /F${index} 12 Tf 40 200 Td (${SPECIMEN_LINE}) Tj ET\n`;
    const contentObject = firstPage + pages.length + 1;
    pages.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << ${fontResources} >> >> /Contents ${contentObject} 0 R >>`,
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`,
    );
  });
  const kids = STANDARD_FONT_NAMES.map((_, index) => `${firstPage + index * 2} 0 R`).join(' ');
  return handWrittenPdf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      `<< /Type /Pages /Kids [${kids}] /Count ${fontCount} >>`,
      ...fonts,
      ...pages,
    ],
    '',
  );
}
