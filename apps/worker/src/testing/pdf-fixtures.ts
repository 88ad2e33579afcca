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

/** A hand-written PDF (pdf-lib cannot encrypt); lists each object's byte offset in its xref. */
function handWrittenPdf(objects: string[], trailer: string): Uint8Array<ArrayBuffer> {
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailer} >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
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
