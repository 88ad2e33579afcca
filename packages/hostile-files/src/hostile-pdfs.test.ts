import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { inflatingPdf, largeImagesPdf, manyPagePdf, sharedLineArtPdf } from './hostile-pdfs';

async function contentStream(bytes: Uint8Array, pageIndex: number): Promise<PDFRawStream> {
  const pdf = await PDFDocument.load(bytes);
  const contents = pdf.getPage(pageIndex).node.Contents();
  if (!(contents instanceof PDFRawStream)) throw new Error('expected one raw content stream');
  expect(contents.dict.get(PDFName.of('Filter'))).toEqual(PDFName.of('FlateDecode'));
  return contents;
}

describe('inflatingPdf', () => {
  it('stays small on disk while its content stream inflates to the asked size', async () => {
    const bytes = await inflatingPdf({ inflatedBytes: 20 * 1024 * 1024 });
    expect(bytes.byteLength).toBeLessThan(200 * 1024);
    const inflated = inflateSync((await contentStream(bytes, 0)).getContents());
    expect(inflated.byteLength).toBe(20 * 1024 * 1024);
    expect(inflated.subarray(0, 200).toString('latin1')).toMatch(/^BT \/\S+ 12 Tf .* Tj ET\n/);
  });

  it('floods with path operators and repeats the flood on every page asked for', async () => {
    const bytes = await inflatingPdf({ inflatedBytes: 1024 * 1024, operator: 'paths', pages: 3 });
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(3);
    const inflated = inflateSync((await contentStream(bytes, 2)).getContents());
    expect(inflated.subarray(0, 16).toString('latin1')).toBe('10 10 1 1 re f\n1');
  });

  it('spells the filter in each form pdf.js reads, and marks the stream an image if asked', async () => {
    const flate = PDFName.of('FlateDecode');
    const dictionary = async (options: Parameters<typeof inflatingPdf>[0]) => {
      const pdf = await PDFDocument.load(await inflatingPdf(options));
      const contents = pdf.getPage(0).node.Contents();
      if (!(contents instanceof PDFRawStream)) throw new Error('expected one raw content stream');
      return { pdf, dict: contents.dict };
    };
    const abbreviated = await dictionary({ inflatedBytes: 1024, filterSpelling: 'F' });
    expect(abbreviated.dict.get(PDFName.of('F'))).toEqual(flate);
    expect(abbreviated.dict.has(PDFName.of('Filter'))).toBe(false);
    const indirect = await dictionary({ inflatedBytes: 1024, filterSpelling: 'indirect' });
    expect(indirect.dict.get(PDFName.of('Filter'))).toBeInstanceOf(PDFRef);
    expect(indirect.dict.lookup(PDFName.of('Filter'))).toEqual(flate);
    const listed = await dictionary({ inflatedBytes: 1024, filterSpelling: 'indirect-array' });
    const array = listed.dict.lookup(PDFName.of('Filter'), PDFArray);
    expect(array.get(0)).toBeInstanceOf(PDFRef);
    expect(listed.pdf.context.lookup(array.get(0))).toEqual(flate);
    const image = await dictionary({ inflatedBytes: 1024, subtype: 'Image' });
    expect(image.dict.get(PDFName.of('Subtype'))).toEqual(PDFName.of('Image'));
  });
});

describe('manyPagePdf', () => {
  it('has the asked number of pages', async () => {
    expect((await PDFDocument.load(await manyPagePdf(30, 2))).getPageCount()).toBe(30);
  });
});

describe('sharedLineArtPdf', () => {
  it('draws the same stream of stroked segments on every page, small on disk', async () => {
    const bytes = await sharedLineArtPdf({ pages: 2000, segments: 49_000 });
    expect(bytes.byteLength).toBeLessThan(1024 * 1024);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(2000);
    const first = pdf.getPage(0).node.get(PDFName.of('Contents'));
    expect(pdf.getPage(1999).node.get(PDFName.of('Contents'))).toBe(first);
    const drawing = inflateSync((await contentStream(bytes, 0)).getContents()).toString('latin1');
    expect(drawing.match(/ l S\n/g)).toHaveLength(49_000);
  });
});

describe('largeImagesPdf', () => {
  it('draws the asked number of images of the asked size on one page', async () => {
    const bytes = await largeImagesPdf({ images: 3, side: 2000 });
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    const images = pdf.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter(
        (object): object is PDFRawStream =>
          object instanceof PDFRawStream &&
          object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
      );
    expect(images).toHaveLength(3);
    for (const image of images) {
      expect(inflateSync(image.getContents()).byteLength).toBe(2000 * 2000 * 3);
    }
  });
});
