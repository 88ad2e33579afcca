// PDF inspection and page rendering off the main thread: pdf.js runs synchronous parsing and
// drawing in Node (its "fake worker"), which would otherwise stall every request, including
// cached hits and the 423 timer. Plain JavaScript because worker threads start without the
// TypeScript loader that runs the rest of the service.

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const require = createRequire(import.meta.url);
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));
// Non-embedded standard fonts (Helvetica etc., what pdf-lib's demo PDFs use) and CMaps.
const standardFontDataUrl = `${path.join(pdfjsRoot, 'standard_fonts')}${path.sep}`;
const cMapUrl = `${path.join(pdfjsRoot, 'cmaps')}${path.sep}`;
// The canvas must come from the same @napi-rs/canvas copy pdf.js polyfills Path2D and
// DOMMatrix from (pdfjs-dist may carry its own nested version): objects of two copies do
// not mix.
const { createCanvas } = createRequire(path.join(pdfjsRoot, 'package.json'))('@napi-rs/canvas');

const OPEN_DOCUMENTS = 4;
/** @type {Map<string, Promise<import('pdfjs-dist/legacy/build/pdf.mjs').PDFDocumentProxy>>} */
const documents = new Map();

function openDocument(file, version) {
  const key = `${file}\u0000${version}`;
  const open = documents.get(key);
  if (open) {
    documents.delete(key);
    documents.set(key, open);
    return open;
  }
  const loading = readFile(file).then(
    (bytes) =>
      getDocument({
        data: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        standardFontDataUrl,
        cMapUrl,
        cMapPacked: true,
        isEvalSupported: false,
        disableFontFace: true,
        verbosity: 0,
      }).promise,
  );
  loading.catch(() => documents.delete(key));
  documents.set(key, loading);
  while (documents.size > OPEN_DOCUMENTS) {
    const oldest = documents.keys().next().value;
    const evicted = documents.get(oldest);
    documents.delete(oldest);
    evicted?.then((doc) => doc.destroy()).catch(() => undefined);
  }
  return loading;
}

async function inspect({ file, version }) {
  const doc = await openDocument(file, version);
  const page = await doc.getPage(1);
  const viewport = page.getViewport({ scale: 1 });
  page.cleanup();
  return { pages: doc.numPages, width: viewport.width, height: viewport.height };
}

async function render({ file, version, page: pageNumber, scale, maxPixels }) {
  const doc = await openDocument(file, version);
  if (pageNumber > doc.numPages) {
    return { outOfRange: true, pages: doc.numPages };
  }
  const page = await doc.getPage(pageNumber);
  try {
    let viewport = page.getViewport({ scale });
    const pixels = viewport.width * viewport.height;
    if (pixels > maxPixels)
      viewport = page.getViewport({ scale: scale * Math.sqrt(maxPixels / pixels) });
    const width = Math.max(1, Math.floor(viewport.width));
    const height = Math.max(1, Math.floor(viewport.height));
    const canvas = createCanvas(width, height);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    await page.render({ canvas, canvasContext: context, viewport, background: '#ffffff' }).promise;
    const { data } = context.getImageData(0, 0, width, height);
    return { width, height, pixels: data.buffer };
  } finally {
    page.cleanup();
  }
}

parentPort?.on('message', async (message) => {
  try {
    const result = message.type === 'inspect' ? await inspect(message) : await render(message);
    const transfer = result.pixels ? [result.pixels] : [];
    parentPort?.postMessage({ id: message.id, ok: true, result }, transfer);
  } catch (error) {
    parentPort?.postMessage({
      id: message.id,
      ok: false,
      message: error instanceof Error ? error.message : String(error),
    });
  }
});
