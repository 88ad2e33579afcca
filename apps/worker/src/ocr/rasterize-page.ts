import { createRequire } from 'node:module';
import path from 'node:path';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * A page as 8-bit grey pixels, one byte each, rows top to bottom. Grey rather than RGBA: a
 * quarter of the memory, and Tesseract binarises to grey first anyway.
 */
export interface RasterizedPage {
  width: number;
  height: number;
  /** The resolution the page was drawn at (lower than asked when `maxPixels` capped it). */
  dpi: number;
  grey: Uint8Array;
}

export interface RasterizeOptions {
  /** 300 is what Tesseract's models are trained for; small print is lost much below it. */
  dpi?: number;
  /**
   * The page is drawn smaller when it would exceed this many pixels: a page may declare any
   * size (a 200-inch square is valid PDF), and the canvas is native memory the child's heap cap
   * does not see. 12 MP holds a Letter or A4 page at 300 DPI (8.4 and 8.7 MP).
   */
  maxPixels?: number;
}

export const DEFAULT_OCR_DPI = 300;
export const DEFAULT_MAX_PIXELS = 12_000_000;
const POINTS_PER_INCH = 72;

const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
// The canvas must come from the @napi-rs/canvas copy pdf.js polyfills Path2D and DOMMatrix from
// (pdfjs-dist carries its own nested version): objects of two copies do not mix.
const { createCanvas } = createRequire(path.join(pdfjsRoot, 'package.json'))(
  '@napi-rs/canvas',
) as typeof import('@napi-rs/canvas');

/** The scale (pixels per point) for `dpi`, lowered so the page stays within `maxPixels`. */
export function planRasterScale(
  widthPt: number,
  heightPt: number,
  { dpi = DEFAULT_OCR_DPI, maxPixels = DEFAULT_MAX_PIXELS }: RasterizeOptions = {},
): number {
  const wanted = dpi / POINTS_PER_INCH;
  const pixels = widthPt * wanted * (heightPt * wanted);
  if (pixels <= maxPixels) return wanted;
  // Rounding each side down keeps the product under the cap.
  return wanted * Math.sqrt(maxPixels / pixels);
}

/**
 * ITU-R BT.601 luma in integers. The canvas holds premultiplied RGBA, which equals straight RGBA
 * here: the page is drawn on opaque white.
 */
function toGrey(rgba: Uint8Array, pixels: number): Uint8Array {
  const grey = new Uint8Array(pixels);
  for (let i = 0, j = 0; i < pixels; i += 1, j += 4) {
    grey[i] =
      ((rgba[j] as number) * 77 + (rgba[j + 1] as number) * 150 + (rgba[j + 2] as number) * 29) >>
      8;
  }
  return grey;
}

/** Draws page `pageNumber` (1-based) of an open document on white, for OCR. */
export async function rasterizePage(
  pdf: PDFDocumentProxy,
  pageNumber: number,
  options: RasterizeOptions = {},
): Promise<RasterizedPage> {
  const page = await pdf.getPage(pageNumber);
  try {
    const { width: widthPt, height: heightPt } = page.getViewport({ scale: 1 });
    const scale = planRasterScale(widthPt, heightPt, options);
    const viewport = page.getViewport({ scale });
    const width = Math.max(1, Math.floor(viewport.width));
    const height = Math.max(1, Math.floor(viewport.height));
    const canvas = createCanvas(width, height);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    // pdf.js's types name the DOM canvas; @napi-rs/canvas implements what it draws with.
    const canvasContext = context as unknown as CanvasRenderingContext2D;
    await page.render({
      canvas: canvas as unknown as HTMLCanvasElement,
      canvasContext,
      viewport,
      background: '#ffffff',
    }).promise;
    // The canvas's own pixels, not a copy: getImageData would copy and un-premultiply 4 bytes a
    // pixel (a fifth of the page's drawing time at 300 DPI).
    const grey = toGrey(canvas.data(), width * height);
    return { width, height, dpi: scale * POINTS_PER_INCH, grey };
  } finally {
    page.cleanup();
  }
}

/**
 * The page as a binary PGM file: Leptonica reads it without decoding, where PNG would cost an
 * encode here and a decode in Tesseract for every page.
 */
export function encodePgm({ width, height, grey }: RasterizedPage): Buffer {
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1');
  return Buffer.concat([header, grey]);
}
