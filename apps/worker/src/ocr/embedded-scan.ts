import {
  decodePDFRawStream,
  ParseSpeeds,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  type PDFPageLeaf,
  PDFRawStream,
} from 'pdf-lib';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { findImageDraws, type Matrix } from './image-draws';
import { type JpegFrame, readJpegFrame } from './jpeg-frame';

/**
 * A scanned page is usually one JPEG drawn over the page and nothing else. Drawing that page to
 * read it means pdf.js decoding the JPEG in JavaScript and scaling it onto a canvas, which costs
 * about half as long as Tesseract then takes to read it; Tesseract decodes the JPEG itself in
 * WebAssembly in a fraction of that. This finds such pages and their JPEG, leaving everything
 * else (several images, text, vector drawings, rotation, masks, unusual colours, an image past
 * the pixel cap) to be drawn as before. Nothing here decodes an image.
 */

/** A page's JPEG as it is in the file, to be read as the page. */
export interface EmbeddedScan {
  jpeg: Uint8Array;
  width: number;
  height: number;
  /** Pixels per inch of the page, from the image's size in pixels and on the page. */
  dpi: number;
}

export type ScanLookup = { scan: EmbeddedScan } | { fallback: string };

export interface EmbeddedScans {
  /** The page's JPEG when it is all the page shows, within `maxPixels`; else why not. */
  find(page: PDFPageProxy, maxPixels: number): ScanLookup;
}

/**
 * Below this a scan is still drawn at 300 DPI, as before. 12 pt text read as well from its JPEG
 * at 75–300 DPI; smaller print in a coarse (fax-like) scan was not measured, so it keeps the
 * pdf.js upscaling it had.
 */
export const MIN_DIRECT_DPI = 150;
/** A scanner's drawing instructions are a few dozen bytes; a page with more draws more. */
const MAX_CONTENT_BYTES = 4_096;
/** Points a scan may stick out of the page (rounding in the producer's arithmetic). */
const EDGE_TOLERANCE_PT = 1;
/** Tesseract assumes square pixels; a stretched image is left for pdf.js to draw square. */
const MAX_ASPECT_DRIFT = 0.02;
const POINTS_PER_INCH = 72;

const name = (text: string): PDFName => PDFName.of(text);
const DCT = name('DCTDecode');
const SUPPORTED_COLOUR_SPACES = new Map([
  [name('DeviceGray'), 1],
  [name('DeviceRGB'), 3],
]);

/** Fallback reasons, for tests and for anyone wondering why a page was drawn. */
function why(reason: string): ScanLookup {
  return { fallback: reason };
}

function contentOf(leaf: PDFPageLeaf): string | undefined {
  const contents = leaf.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  const texts: string[] = [];
  let rawBytes = 0;
  for (const ref of streams) {
    const stream = leaf.context.lookup(ref);
    if (!(stream instanceof PDFRawStream)) return undefined;
    rawBytes += stream.contents.length;
    if (rawBytes > MAX_CONTENT_BYTES) return undefined;
    // Within MAX_CONTENT_BYTES encoded, decoding is bounded (a few MB at the most).
    const decoded = decodePDFRawStream(stream).decode();
    if (decoded.length > MAX_CONTENT_BYTES) return undefined;
    texts.push(Buffer.from(decoded).toString('latin1'));
  }
  return texts.join('\n');
}

/** The number of colour components the image's colour space has, when it is a plain one. */
function colourComponents(dict: PDFDict): number | undefined {
  const space = dict.lookup(name('ColorSpace'));
  if (space instanceof PDFName) return SUPPORTED_COLOUR_SPACES.get(space);
  // [/ICCBased stream]: an ICC profile for grey or RGB, drawn as such by pdf.js too.
  if (space instanceof PDFArray && space.size() === 2 && space.lookup(0) === name('ICCBased')) {
    const profile = space.lookup(1);
    const count = profile instanceof PDFRawStream ? profile.dict.lookup(name('N')) : undefined;
    if (count instanceof PDFNumber && [1, 3].includes(count.asNumber())) return count.asNumber();
  }
  return undefined;
}

function isDctOnly(dict: PDFDict): boolean {
  const filter = dict.lookup(name('Filter'));
  if (filter === DCT) return true;
  return filter instanceof PDFArray && filter.size() === 1 && filter.lookup(0) === DCT;
}

function numberOf(dict: PDFDict, key: string): number | undefined {
  const value = dict.lookup(name(key));
  return value instanceof PDFNumber ? value.asNumber() : undefined;
}

/** The image's frame when Tesseract reads it as pdf.js draws it, else why the page is drawn. */
function readableJpeg(image: PDFRawStream, maxPixels: number): JpegFrame | string {
  const { dict } = image;
  if (dict.lookup(name('Subtype')) !== name('Image')) return 'draws a form, not an image';
  if (!isDctOnly(dict)) return 'the image is not a plain JPEG';
  // Each changes what is drawn: inverted or remapped samples, transparency, a stencil.
  for (const key of ['Decode', 'DecodeParms', 'SMask', 'Mask', 'ImageMask', 'SMaskInData']) {
    if (dict.has(name(key))) return `the image has ${key}`;
  }
  const components = colourComponents(dict);
  if (components === undefined) return 'the image has an unusual colour space';
  const width = numberOf(dict, 'Width');
  const height = numberOf(dict, 'Height');
  if (numberOf(dict, 'BitsPerComponent') !== 8) return 'the image is not 8 bits a sample';
  // The frame header is what a decoder allocates for, whatever the dictionary says.
  const frame = readJpegFrame(image.contents);
  if (!frame || frame.width !== width || frame.height !== height) {
    return 'the JPEG is not the size its dictionary says';
  }
  if (frame.width * frame.height > maxPixels) {
    return `the image has more than ${maxPixels.toLocaleString('en-US')} pixels`;
  }
  if (!frame.huffman || frame.precision !== 8 || frame.components !== components) {
    return 'the JPEG is coded in a way not every decoder reads';
  }
  // Tesseract.js turns an image by its Exif orientation; pdf.js, as PDF says, does not.
  if (frame.exif) return 'the JPEG carries Exif';
  return frame;
}

/** How many pixels per inch the image has on the page, when it lies upright inside it. */
function uprightDpi(
  matrix: Matrix,
  width: number,
  height: number,
  page: PDFPageProxy,
): number | string {
  const [a, b, c, d, e, f] = matrix;
  if (b !== 0 || c !== 0 || a <= 0 || d <= 0) return 'the image is rotated, skewed or flipped';
  const [left = 0, bottom = 0, right = 0, top = 0] = page.view;
  const inside =
    e >= left - EDGE_TOLERANCE_PT &&
    f >= bottom - EDGE_TOLERANCE_PT &&
    e + a <= right + EDGE_TOLERANCE_PT &&
    f + d <= top + EDGE_TOLERANCE_PT;
  if (!inside) return 'the image extends past the page';
  const dpiAcross = (width * POINTS_PER_INCH) / a;
  const dpiDown = (height * POINTS_PER_INCH) / d;
  if (Math.abs(dpiAcross - dpiDown) > dpiAcross * MAX_ASPECT_DRIFT) {
    return 'the image is stretched';
  }
  if (dpiAcross < MIN_DIRECT_DPI) return `the image has under ${MIN_DIRECT_DPI} DPI`;
  return dpiAcross;
}

function findOnLeaf(leaf: PDFPageLeaf, page: PDFPageProxy, maxPixels: number): ScanLookup {
  if (page.rotate !== 0 || page.userUnit !== 1) return why('the page is rotated or scaled');
  // An annotation's appearance (a stamp, a note) is drawn over the page.
  const annotations = leaf.Annots();
  if (annotations && annotations.size() > 0) return why('the page has annotations');
  const content = contentOf(leaf);
  const draws = content === undefined ? undefined : findImageDraws(content);
  if (!draws) return why('the page draws more than images');
  const [draw] = draws;
  if (!draw || draws.length > 1) return why('the page draws no image or several');
  const xobjects = leaf.Resources()?.lookup(name('XObject'));
  const image = xobjects instanceof PDFDict ? xobjects.lookup(name(draw.name)) : undefined;
  if (!(image instanceof PDFRawStream)) return why('the drawn XObject is missing');
  const frame = readableJpeg(image, maxPixels);
  if (typeof frame === 'string') return why(frame);
  const { width, height } = frame;
  const dpi = uprightDpi(draw.matrix, width, height, page);
  if (typeof dpi === 'string') return why(dpi);
  return { scan: { jpeg: image.contents, width, height, dpi } };
}

/**
 * Parses the file behind an open pdf.js document (with pdf-lib: pdf.js keeps its objects to
 * itself) to find its scanned pages. Undefined for a file pdf-lib cannot parse, or encrypted
 * (its streams are ciphertext): every page is drawn. pdf-lib inflates object streams as it
 * parses; the caller bounds those beforehand (readPdfText's stream scan).
 */
export async function openEmbeddedScans(file: Uint8Array): Promise<EmbeddedScans | undefined> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(file, {
      ignoreEncryption: true,
      updateMetadata: false,
      parseSpeed: ParseSpeeds.Fastest,
    });
  } catch {
    return undefined;
  }
  if (document.isEncrypted) return undefined;
  const leaves = new Map<number, PDFPageLeaf>();
  try {
    for (const page of document.getPages()) leaves.set(page.ref.objectNumber, page.node);
  } catch {
    return undefined;
  }
  return {
    find(page, maxPixels) {
      const leaf = page.ref ? leaves.get(page.ref.num) : undefined;
      if (!leaf) return why('the page is not in the parsed file');
      try {
        return findOnLeaf(leaf, page, maxPixels);
      } catch {
        // A malformed page (a dictionary where a stream should be…) is pdf.js's to cope with.
        return why('the page is malformed');
      }
    },
  };
}
