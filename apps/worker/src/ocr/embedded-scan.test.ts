import {
  decodePDFRawStream,
  degrees,
  PDFArray,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFRawStream,
  rgb,
} from 'pdf-lib';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  makePictureOnlyPdf,
  makeScannedPdf,
  SCANNED_PAGE_LINES,
} from '../testing/make-scanned-pdf';
import { openTestPdf } from '../testing/open-test-pdf';
import { openEmbeddedScans, type ScanLookup } from './embedded-scan';
import { recognizePdfPages } from './recognize-pdf-pages';

const LETTER = { width: 612, height: 792 };

async function findOnFirstPageOf(
  pdf: PDFDocumentProxy,
  maxPixels = 12_000_000,
): Promise<ScanLookup> {
  const scans = await openEmbeddedScans(await pdf.getData());
  if (!scans) throw new Error('pdf-lib could not parse the file');
  return scans.find(await pdf.getPage(1), maxPixels);
}

/** What openEmbeddedScans finds on page 1 of `bytes`. */
async function findOnFirstPage(bytes: Uint8Array, maxPixels?: number): Promise<ScanLookup> {
  const pdf = await openTestPdf(bytes);
  try {
    return await findOnFirstPageOf(pdf, maxPixels);
  } finally {
    await pdf.destroy();
  }
}

/** The scan fixture's page, changed by `edit` (pdf-lib appends what it draws to the page). */
async function editedScan(
  edit: (document: PDFDocument) => Promise<void> | void,
): Promise<Uint8Array> {
  const document = await PDFDocument.load(await makeScannedPdf());
  await edit(document);
  return document.save();
}

/** A small JPEG whose frame header claims `width`×`height`: a decompression bomb's header. */
async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const jpeg = await sharp({
    create: { width: 64, height: 64, channels: 3, background: '#ffffff' },
  })
    .greyscale()
    .jpeg()
    .toBuffer();
  const frame = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  jpeg.writeUInt16BE(height, frame + 5);
  jpeg.writeUInt16BE(width, frame + 7);
  return jpeg;
}

async function pdfOfOneJpeg(jpeg: Buffer): Promise<PDFDocument> {
  const document = await PDFDocument.create();
  const image = await document.embedJpg(jpeg);
  document.addPage([LETTER.width, LETTER.height]).drawImage(image, { x: 0, y: 0, ...LETTER });
  return document;
}

describe('openEmbeddedScans', () => {
  it("finds a scanned page's JPEG, its size and its resolution", async () => {
    const found = await findOnFirstPage(await makeScannedPdf({ dpi: 200 }));
    if (!('scan' in found)) throw new Error(`fell back: ${found.fallback}`);
    expect(found.scan).toMatchObject({ width: 1700, height: 2200 });
    expect(found.scan.dpi).toBeCloseTo(200, 5);
    expect([...found.scan.jpeg.subarray(0, 2)]).toEqual([0xff, 0xd8]);
  });

  it('finds the JPEG when the page has one content stream, not an array', async () => {
    // As scanners write it; pdf-lib writes an array of streams.
    const bytes = await editedScan((document) => {
      const page = document.getPage(0).node;
      const parts = page.Contents();
      if (!(parts instanceof PDFArray)) throw new Error('expected an array of streams');
      const text = parts
        .asArray()
        .map((ref) => {
          const stream = document.context.lookup(ref);
          if (!(stream instanceof PDFRawStream)) throw new Error('expected a stream');
          return Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
        })
        .join('\n');
      page.set(
        PDFName.of('Contents'),
        document.context.register(document.context.flateStream(text)),
      );
    });
    expect(await findOnFirstPage(bytes)).toHaveProperty('scan.dpi', 200);
  });

  it('leaves a page with a vector drawing over the scan to be drawn', async () => {
    const bytes = await editedScan((document) => {
      document
        .getPage(0)
        .drawRectangle({ x: 50, y: 50, width: 100, height: 30, color: rgb(0, 0, 0) });
    });
    expect(await findOnFirstPage(bytes)).toEqual({ fallback: 'the page draws more than images' });
  });

  it('leaves a page of two images to be drawn', async () => {
    const bytes = await editedScan(async (document) => {
      const stamp = await document.embedJpg(await jpegClaiming(64, 64));
      document.getPage(0).drawImage(stamp, { x: 10, y: 10, width: 64, height: 64 });
    });
    expect(await findOnFirstPage(bytes)).toEqual({
      fallback: 'the page draws no image or several',
    });
  });

  it('leaves a rotated page to be drawn upright', async () => {
    const bytes = await editedScan((document) => {
      document.getPage(0).setRotation(degrees(90));
    });
    expect(await findOnFirstPage(bytes)).toEqual({ fallback: 'the page is rotated or scaled' });
  });

  it('leaves a scan past the pixel cap to be drawn within it', async () => {
    // 1,700 × 2,200 pixels: 3.74 MP.
    const found = await findOnFirstPage(await makeScannedPdf({ dpi: 200 }), 3_000_000);
    expect(found).toEqual({ fallback: 'the image has more than 3,000,000 pixels' });
  });

  it('refuses a JPEG claiming 3.6 gigapixels from its header alone', async () => {
    const document = await pdfOfOneJpeg(await jpegClaiming(60_000, 60_000));
    expect(await findOnFirstPage(await document.save())).toEqual({
      fallback: 'the image has more than 12,000,000 pixels',
    });
  });

  it('refuses a JPEG larger than its dictionary says', async () => {
    const bomb = await (await pdfOfOneJpeg(await jpegClaiming(60_000, 60_000))).save();
    // pdf-lib writes an image's stream on saving: it is edited in the saved file.
    const document = await PDFDocument.load(bomb);
    // The dictionary a reader trusts says 600 × 600; the data a decoder reads says otherwise.
    for (const [, object] of document.context.enumerateIndirectObjects()) {
      if (!(object instanceof PDFRawStream)) continue;
      if (object.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
      object.dict.set(PDFName.of('Width'), PDFNumber.of(600));
      object.dict.set(PDFName.of('Height'), PDFNumber.of(600));
    }
    expect(await findOnFirstPage(await document.save())).toEqual({
      fallback: 'the JPEG is not the size its dictionary says',
    });
  });
});

describe('recognizePdfPages on embedded scans', () => {
  it('reads every line of scans with a figure from their JPEGs, and nothing of the figure', async () => {
    const pdf = await openTestPdf(await makeScannedPdf({ pages: 2, figure: true }));
    try {
      const texts = await recognizePdfPages(pdf, [1, 2], { languages: ['en'] });
      for (const { text } of texts.values()) {
        expect(text.split('\n').filter((line) => line !== '')).toEqual(SCANNED_PAGE_LINES);
      }
    } finally {
      await pdf.destroy();
    }
  });

  // The thresholds of keepConfidentText were set on drawn pages; the JPEG is read at its own
  // resolution, where shapes and noise measure differently.
  it.each([0, 4, 8])('finds no text on a scan of pictures (noise %i)', async (noise) => {
    const pdf = await openTestPdf(await makePictureOnlyPdf({ noise }));
    try {
      expect(await findOnFirstPageOf(pdf)).toHaveProperty('scan');
      const texts = await recognizePdfPages(pdf, [1], { languages: ['en'] });
      expect(texts.get(1)?.text).toBe('');
      expect(texts.get(1)?.runs).toEqual([]);
    } finally {
      await pdf.destroy();
    }
  });

  it('reads a scan past the pixel cap by drawing it within the cap', async () => {
    const pdf = await openTestPdf(await makeScannedPdf({ dpi: 300 }));
    try {
      // 2,550 × 3,300 pixels (8.4 MP), drawn at about 200 DPI instead.
      const texts = await recognizePdfPages(pdf, [1], { languages: ['en'], maxPixels: 4_000_000 });
      expect(texts.get(1)?.text).toContain('zorblax eigenvalue thermodynamics');
    } finally {
      await pdf.destroy();
    }
  });
});
