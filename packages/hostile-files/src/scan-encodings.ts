import { readFile } from 'node:fs/promises';
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
} from 'pdf-lib';

/**
 * Scans as archives and copiers store them, in encodings no npm package writes. Digitised books
 * and library scans (the Internet Archive's, Google Books') keep their pages as JPEG 2000
 * (`JPXDecode`); office scanners' "compact PDF" uses JBIG2 or CCITT fax for black-and-white.
 */

/** The line the sample holds, 12 pt DejaVu Serif at 200 DPI, as a scanner would have seen it. */
export const SCAN_LINE_TEXT = 'Lecture 7: zorblax eigenvalue thermodynamics';
const SCAN_LINE_PIXELS = { width: 1400, height: 120, dpi: 200 } as const;
const LETTER_PT = { width: 612, height: 792 } as const;

/**
 * A Letter page with one grey JPEG 2000 image of SCAN_LINE_TEXT an inch from the top left, and
 * no text layer. The 8 kB image is committed (fixtures/scan-line.jp2, made with OpenJPEG's
 * `opj_compress -r 20`): nothing on npm encodes JPEG 2000.
 */
export async function jpeg2000ScanPdf(): Promise<Uint8Array<ArrayBuffer>> {
  const jp2 = await readFile(new URL('../fixtures/scan-line.jp2', import.meta.url));
  const pdf = await PDFDocument.create();
  const image = pdf.context.register(
    pdf.context.stream(jp2, {
      Type: 'XObject',
      Subtype: 'Image',
      Width: SCAN_LINE_PIXELS.width,
      Height: SCAN_LINE_PIXELS.height,
      ColorSpace: 'DeviceGray',
      BitsPerComponent: 8,
      Filter: 'JPXDecode',
    }),
  );
  const page = pdf.addPage([LETTER_PT.width, LETTER_PT.height]);
  const name = page.node.newXObject('Scan', image);
  const toPoints = 72 / SCAN_LINE_PIXELS.dpi;
  const width = SCAN_LINE_PIXELS.width * toPoints;
  const height = SCAN_LINE_PIXELS.height * toPoints;
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(width, 0, 0, height, 72, LETTER_PT.height - 72 - height),
    drawObject(name),
    popGraphicsState(),
  );
  return new Uint8Array(await pdf.save());
}
