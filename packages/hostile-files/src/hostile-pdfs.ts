import { createDeflate } from 'node:zlib';
import { PDFDict, PDFDocument, PDFName, StandardFonts } from 'pdf-lib';

/** What each repetition of an inflating page's content stream draws. */
export type FloodOperator = 'text' | 'paths';

export interface InflatingPdfOptions {
  /** Size of the page's content stream once inflated (the file itself stays small). */
  inflatedBytes: number;
  /** `text`: a line of text shown again and again; `paths`: tiny filled rectangles. */
  operator?: FloodOperator;
  /** Pages carrying the same flood (default 1). */
  pages?: number;
  /**
   * How the stream names its FlateDecode filter, each a form pdf.js reads (and a guard must):
   * `Filter` (the default), the abbreviation `F`, an `indirect` reference to the name, or an
   * `indirect-array` of references to names.
   */
  filterSpelling?: 'Filter' | 'F' | 'indirect' | 'indirect-array';
  /** A `/Subtype` on the content stream: pdf.js draws page contents whatever it says. */
  subtype?: 'Image';
}

const FLOOD_CHUNK_BYTES = 64 * 1024;

/** Deflates `chunk` repeated until `total` bytes, never holding more than one chunk inflated. */
async function deflateRepeated(chunk: Buffer, total: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  let written = 0;
  while (written < total) {
    const piece = chunk.subarray(0, Math.min(chunk.length, total - written));
    written += piece.length;
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(parts);
}

function floodChunk(operator: FloodOperator, fontKey: string): Buffer {
  const unit =
    operator === 'text'
      ? `BT /${fontKey} 12 Tf 72 720 Td (zorblax flood text that never ends) Tj ET\n`
      : '10 10 1 1 re f\n';
  return Buffer.from(unit.repeat(Math.ceil(FLOOD_CHUNK_BYTES / unit.length)), 'latin1');
}

/**
 * A small, valid PDF whose page content stream inflates to `inflatedBytes` (a few hundred KB
 * on disk for 100 MB inflated): the decompression bomb of the PDF world. Text extraction of a
 * `text` flood yields that much text; rendering a `paths` flood runs millions of operators.
 */
export async function inflatingPdf({
  inflatedBytes,
  operator = 'text',
  pages = 1,
  filterSpelling = 'Filter',
  subtype,
}: InflatingPdfOptions): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const first = pdf.addPage([612, 792]);
  // Drawing once registers the font in the page's resources under pdf-lib's own key.
  first.drawText('Page one', { x: 72, y: 760, size: 12, font });
  const fonts = first.node.Resources()?.lookup(PDFName.of('Font'));
  const fontKey = fonts instanceof PDFDict ? fonts.keys()[0]?.decodeText() : undefined;
  if (!fontKey) throw new Error('pdf-lib registered no font resource');
  const compressed = await deflateRepeated(floodChunk(operator, fontKey), inflatedBytes);
  const flate = PDFName.of('FlateDecode');
  const filter = {
    Filter: { Filter: flate },
    F: { F: flate },
    indirect: { Filter: pdf.context.register(flate) },
    'indirect-array': { Filter: pdf.context.obj([pdf.context.register(flate)]) },
  }[filterSpelling];
  const stream = pdf.context.stream(compressed, {
    ...filter,
    ...(subtype ? { Subtype: subtype } : {}),
  });
  const streamRef = pdf.context.register(stream);
  const resources = first.node.get(PDFName.of('Resources'));
  first.node.set(PDFName.of('Contents'), streamRef);
  for (let index = 1; index < pages; index += 1) {
    const page = pdf.addPage([612, 792]);
    if (resources) page.node.set(PDFName.of('Resources'), resources);
    page.node.set(PDFName.of('Contents'), streamRef);
  }
  return new Uint8Array(await pdf.save({ useObjectStreams: false }));
}

/** A real PDF of `pages` pages, each with `linesPerPage` lines of distinct text. */
export async function manyPagePdf(
  pages: number,
  linesPerPage = 20,
): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let number = 1; number <= pages; number += 1) {
    const page = pdf.addPage([595, 842]);
    for (let line = 0; line < linesPerPage; line += 1) {
      page.drawText(`Page ${number} line ${line + 1}: a sentence of study notes to read.`, {
        x: 50,
        y: 780 - line * 18,
        size: 11,
        font,
      });
    }
  }
  return new Uint8Array(await pdf.save());
}

export interface SharedLineArtPdfOptions {
  /** Pages, every one of them drawing the same content stream. */
  pages: number;
  /** Stroked line segments in that stream. */
  segments: number;
  /**
   * How far each segment reaches from its start, in points: short ones are the contour lines
   * and hatching of a map or a plan, cheap to draw however many. Across the page by default.
   */
  reach?: number;
}

/** Park–Miller: the same "random" drawing on every run, so files and their cost are repeatable. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 48271) % 2147483647;
    return state / 2147483647;
  };
}

/**
 * A small PDF whose every page draws one shared content stream of `segments` stroked line
 * segments scattered over the page (2,000 pages of 49,000 segments is about 0.5 MB on disk).
 * Segments across the page make drawing any page cost seconds: the document that starves page
 * renderers while looking harmless. Short ones (`reach`) draw a map or a plan, cheap however many.
 */
export async function sharedLineArtPdf({
  pages,
  segments,
  reach,
}: SharedLineArtPdfOptions): Promise<Uint8Array<ArrayBuffer>> {
  const random = seededRandom(20_261_128);
  let drawing = '0.4 w 1 J 1 j\n';
  for (let index = 0; index < segments; index += 1) {
    const x = random() * 612;
    const y = random() * 792;
    const [toX, toY] =
      reach === undefined
        ? [random() * 612, random() * 792]
        : [x + (random() - 0.5) * 2 * reach, y + (random() - 0.5) * 2 * reach];
    drawing += `${x.toFixed(1)} ${y.toFixed(1)} m ${toX.toFixed(1)} ${toY.toFixed(1)} l S\n`;
  }
  const pdf = await PDFDocument.create();
  const contents = pdf.context.register(pdf.context.flateStream(Buffer.from(drawing, 'latin1')));
  for (let index = 0; index < pages; index += 1) {
    pdf.addPage([612, 792]).node.set(PDFName.of('Contents'), contents);
  }
  return new Uint8Array(await pdf.save({ useObjectStreams: false }));
}

export interface LargeImagesPdfOptions {
  /** Image XObjects drawn on the one page, side by side. */
  images: number;
  /** Width and height of each image in pixels (each under a per-image pixel limit on its own). */
  side: number;
}

/**
 * A one-page PDF drawing `images` RGB images of `side`×`side` pixels, each deflated from
 * repeated rows so the file stays a few MB at most while every image decodes to side²×3 bytes
 * (six 7000² images: 880 MB decoded): the page that takes a renderer's memory, not its time.
 */
export async function largeImagesPdf({
  images,
  side,
}: LargeImagesPdfOptions): Promise<Uint8Array<ArrayBuffer>> {
  const row = Buffer.alloc(side * 3);
  for (let x = 0; x < side; x += 1) row.set([x % 256, (x * 7) % 256, 255 - (x % 256)], x * 3);
  const pixels = await deflateRepeated(row, side * side * 3);
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const names = PDFDict.withContext(pdf.context);
  let drawing = '';
  const width = 612 / images;
  for (let index = 0; index < images; index += 1) {
    const image = pdf.context.stream(pixels, {
      Type: 'XObject',
      Subtype: 'Image',
      Width: side,
      Height: side,
      ColorSpace: 'DeviceRGB',
      BitsPerComponent: 8,
      Filter: 'FlateDecode',
    });
    names.set(PDFName.of(`Im${index}`), pdf.context.register(image));
    drawing += `q ${width.toFixed(2)} 0 0 ${width.toFixed(2)} ${(index * width).toFixed(2)} 300 cm /Im${index} Do Q\n`;
  }
  page.node.set(PDFName.of('Resources'), pdf.context.obj({ XObject: names }));
  page.node.set(
    PDFName.of('Contents'),
    pdf.context.register(pdf.context.flateStream(Buffer.from(drawing, 'latin1'))),
  );
  return new Uint8Array(await pdf.save({ useObjectStreams: false }));
}
