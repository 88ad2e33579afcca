import { PDFDocument, rgb } from 'pdf-lib';
import sharp from 'sharp';

/**
 * PDFs as a scanner makes them, built in memory for tests and the bench (nothing large is
 * committed): each page is one full-page image and the document has no text layer, so only OCR
 * can read it. Text is drawn by sharp's SVG renderer with fontconfig's fonts (DejaVu in CI).
 */

/** Words no dictionary and no stray shape can produce: finding them means OCR read the page. */
export const SCANNED_PAGE_LINES = [
  'Lecture 7: zorblax eigenvalue thermodynamics',
  'The entropy of an isolated system never decreases.',
  'Exercise 3 asks for the partition function at 300 kelvin.',
  'Read chapter 12 before the seminar on Thursday.',
];

const LETTER_PT = { width: 612, height: 792 } as const;

export interface ScannedPdfOptions {
  lines?: string[];
  /** The scan's resolution: 300 is a common office setting, 200 a fast one. */
  dpi?: number;
  /** Scans are rarely straight. */
  skewDegrees?: number;
  /** Sensor and paper noise, as the amplitude of a random grey offset per pixel (0–255). */
  noise?: number;
  pages?: number;
  /** A figure (bars, a circle, a hatched box) in the lower half of the page, below the text. */
  figure?: boolean;
}

/** Shapes in the box (x, y, width, height), in pixels. */
function figureShapes(x: number, y: number, width: number, height: number): string {
  const bars = Array.from({ length: 6 }, (_, index) => {
    const barHeight = height * (0.3 + ((index * 37) % 60) / 100);
    return `<rect x="${x + index * width * 0.08}" y="${y + height - barHeight}" width="${width * 0.05}" height="${barHeight}" fill="#333"/>`;
  }).join('');
  const hatch = Array.from(
    { length: 24 },
    (_, index) =>
      `<line x1="${x + width * 0.6 + index * 16}" y1="${y}" x2="${x + width * 0.6 + index * 16 - 100}" y2="${y + height * 0.5}" stroke="#222" stroke-width="4"/>`,
  ).join('');
  const circle = `<circle cx="${x + width * 0.75}" cy="${y + height * 0.8}" r="${height * 0.18}" fill="#555"/>`;
  return bars + hatch + circle;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A deterministic generator, so a failing test fails the same way twice. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function addNoise(grey: Buffer, amplitude: number, seed: number): void {
  if (amplitude <= 0) return;
  const random = seededRandom(seed);
  for (let i = 0; i < grey.length; i += 1) {
    const value = (grey[i] as number) + (random() - 0.5) * 2 * amplitude;
    grey[i] = value < 0 ? 0 : value > 255 ? 255 : value;
  }
}

async function svgToScan(
  svg: string,
  width: number,
  height: number,
  { skewDegrees = 0, noise = 0, seed = 1 }: { skewDegrees?: number; noise?: number; seed?: number },
): Promise<Buffer> {
  let image = sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).greyscale();
  if (skewDegrees !== 0) image = image.rotate(skewDegrees, { background: '#ffffff' });
  const { data, info } = await image
    .resize(width, height, { fit: 'cover' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  addNoise(data, noise, seed);
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

async function pdfOfImages(jpegs: Buffer[]): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  for (const jpeg of jpegs) {
    const image = await pdf.embedJpg(jpeg);
    const page = pdf.addPage([LETTER_PT.width, LETTER_PT.height]);
    page.drawImage(image, { x: 0, y: 0, width: LETTER_PT.width, height: LETTER_PT.height });
  }
  return new Uint8Array(await pdf.save());
}

function pixelSize(dpi: number): { width: number; height: number } {
  return {
    width: Math.round((LETTER_PT.width / 72) * dpi),
    height: Math.round((LETTER_PT.height / 72) * dpi),
  };
}

/** A Letter page of 12 pt text, scanned: a JPEG of the whole page and no text layer. */
export async function makeScannedPdf({
  lines = SCANNED_PAGE_LINES,
  dpi = 200,
  skewDegrees = 0.4,
  noise = 12,
  pages = 1,
  figure = false,
}: ScannedPdfOptions = {}): Promise<Uint8Array<ArrayBuffer>> {
  const { width, height } = pixelSize(dpi);
  const fontSize = (12 / 72) * dpi;
  const text = lines
    .map(
      (line, index) =>
        `<text x="${dpi}" y="${dpi + index * fontSize * 1.6}">${escapeXml(line)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fbfaf6"/><g font-family="DejaVu Serif" font-size="${fontSize}" fill="#1a1a1a">${text}</g>${figure ? figureShapes(dpi, height * 0.5, width - 2 * dpi, height * 0.35) : ''}</svg>`;
  const jpegs: Buffer[] = [];
  for (let index = 0; index < pages; index += 1) {
    jpegs.push(await svgToScan(svg, width, height, { skewDegrees, noise, seed: index + 1 }));
  }
  return pdfOfImages(jpegs);
}

/**
 * A scanned page with no words: a gradient, circles, bars and a hatched box, the kind of figure
 * OCR turns into "| ~ ," noise when nothing filters it.
 */
export async function makePictureOnlyPdf({
  dpi = 200,
  noise = 12,
} = {}): Promise<Uint8Array<ArrayBuffer>> {
  const { width, height } = pixelSize(dpi);
  const random = seededRandom(7);
  const shapes: string[] = [];
  for (let index = 0; index < 14; index += 1) {
    const x = Math.round(random() * width);
    const y = Math.round(random() * height);
    const r = Math.round(40 + random() * 220);
    const grey = Math.round(40 + random() * 160);
    shapes.push(`<circle cx="${x}" cy="${y}" r="${r}" fill="rgb(${grey},${grey},${grey})"/>`);
  }
  for (let index = 0; index < 9; index += 1) {
    const x = Math.round(width * 0.1 + index * width * 0.08);
    const h = Math.round(height * (0.1 + random() * 0.25));
    shapes.push(
      `<rect x="${x}" y="${height * 0.9 - h}" width="${width * 0.05}" height="${h}" fill="#333"/>`,
    );
  }
  const hatch = Array.from(
    { length: 30 },
    (_, index) =>
      `<line x1="${width * 0.55 + index * 20}" y1="${height * 0.1}" x2="${width * 0.55 + index * 20 - 120}" y2="${height * 0.3}" stroke="#222" stroke-width="4"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#777777"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${shapes.join('')}${hatch}</svg>`;
  return pdfOfImages([await svgToScan(svg, width, height, { noise, seed: 7 })]);
}

/**
 * One page of `sizePt`×`sizePt` points (14,400, the largest the PDF specification allows, is
 * 200 inches: 3.6 gigapixels at 300 DPI) with a little vector drawing.
 */
export async function makeHugePagePdf(sizePt = 14_400): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([sizePt, sizePt]);
  page.drawRectangle({
    x: sizePt * 0.1,
    y: sizePt * 0.1,
    width: sizePt * 0.3,
    height: sizePt * 0.3,
    color: rgb(0.2, 0.2, 0.2),
  });
  return new Uint8Array(await pdf.save());
}
