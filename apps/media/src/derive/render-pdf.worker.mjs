// PDF inspection and page rendering off the main thread: pdf.js runs synchronous parsing and
// drawing in Node (its "fake worker"), which would otherwise stall every request, including
// cached hits and the 423 timer. Plain JavaScript because worker threads start without the
// TypeScript loader that runs the rest of the service. The parent caps this thread's heap and
// terminates it when a render outlives its deadline; here every document's streams are checked
// (@coursepack/pdf-guard) before pdf.js parses it.

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { describeStreamProblem, scanPdfStreams } from '@coursepack/pdf-guard/scan-pdf-streams';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** @type {{ maxContentBytes: number, maxImagePixels: number, maxPageImageBytes: number }} */
const limits = workerData;
/**
 * All streams together may decode to this many times the per-stream limit: many streams each
 * just under it would otherwise make the check itself the expensive part.
 */
const TOTAL_CONTENT_FACTOR = 16;
/** @type {import('@coursepack/pdf-guard/scan-pdf-streams').StreamLimits} */
const streamLimits = {
  maxStreamBytes: limits.maxContentBytes,
  maxTotalStreamBytes: limits.maxContentBytes * TOTAL_CONTENT_FACTOR,
  // Any problem refuses the whole document: the first is reason enough.
  stopAtFirstProblem: true,
};

/**
 * A document (or one page of it) refused by the content check: the parent remembers it and
 * answers 400.
 */
class ContentLimitError extends Error {
  /**
   * @param {string} message
   * @param {'document' | 'page'} scope
   */
  constructor(message, scope) {
    super(message);
    this.scope = scope;
  }
}

const MB = 1024 * 1024;
/** pdf.js decodes an image to 4 bytes a pixel, whatever size it is drawn at. */
const BYTES_PER_PIXEL = 4;
/** Pages whose images decode to less are drawn without asking the parent for memory. */
const RESERVE_FROM_BYTES = 16 * MB;

/** @type {(() => void) | undefined} */
let granted;
/**
 * Waits until the parent lets this thread decode `bytes` of images: all workers together stay
 * within the same bound as one page, so two heavy pages are drawn one after the other.
 * @param {number} id
 * @param {number} bytes
 */
function reserveImageMemory(id, bytes) {
  return new Promise((resolve) => {
    granted = () => resolve(undefined);
    parentPort?.postMessage({ id, reserve: bytes });
  });
}

const require = createRequire(import.meta.url);
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));
// Non-embedded standard fonts (Helvetica etc., what pdf-lib's demo PDFs use) and CMaps.
const standardFontDataUrl = `${path.join(pdfjsRoot, 'standard_fonts')}${path.sep}`;
const cMapUrl = `${path.join(pdfjsRoot, 'cmaps')}${path.sep}`;
// OpenJPEG for JPEG 2000 images (archives' scans), which pdf.js otherwise leaves off the page;
// JBIG2 and CCITT fax decode faster with it too.
const wasmUrl = `${path.join(pdfjsRoot, 'wasm')}${path.sep}`;
// The canvas must come from the same @napi-rs/canvas copy pdf.js polyfills Path2D and
// DOMMatrix from (pdfjs-dist may carry its own nested version): objects of two copies do
// not mix.
const { createCanvas } = createRequire(path.join(pdfjsRoot, 'package.json'))('@napi-rs/canvas');

const OPEN_DOCUMENTS = 4;
/**
 * @typedef {{
 *   doc: import('pdfjs-dist/legacy/build/pdf.mjs').PDFDocumentProxy,
 *   scan: import('@coursepack/pdf-guard/scan-pdf-streams').StreamScan,
 * }} OpenDocument
 */
/**
 * Open documents, most recently used last, with their content check (which measures each
 * page's images). `users` counts renders in progress: a document is destroyed only when idle,
 * since destroying it mid-render cancels that render. The parent sends one request at a time,
 * so at most one document is in use beyond OPEN_DOCUMENTS.
 * @type {Map<string, { loading: Promise<OpenDocument>, users: number }>}
 */
const documents = new Map();

function acquireDocument(file, version) {
  const key = `${file}\u0000${version}`;
  let entry = documents.get(key);
  if (entry) {
    documents.delete(key);
  } else {
    const loading = readFile(file).then(async (bytes) => {
      const scan = scanPdfStreams(bytes, streamLimits);
      const [problem] = scan.problems;
      if (problem) {
        throw new ContentLimitError(describeStreamProblem(problem, streamLimits), 'document');
      }
      const doc = await getDocument({
        data: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        standardFontDataUrl,
        cMapUrl,
        cMapPacked: true,
        wasmUrl,
        isEvalSupported: false,
        disableFontFace: true,
        // Larger images are skipped rather than decoded (their pixels are native memory).
        maxImageSize: limits.maxImagePixels,
        verbosity: 0,
      }).promise;
      return { doc, scan };
    });
    entry = { loading, users: 0 };
    loading.catch(() => {
      if (documents.get(key) === entry) documents.delete(key);
    });
  }
  entry.users += 1;
  documents.set(key, entry);
  const held = entry;
  return {
    loading: held.loading,
    release() {
      held.users -= 1;
      evictIdleDocuments();
    },
  };
}

function evictIdleDocuments() {
  for (const [key, entry] of documents) {
    if (documents.size <= OPEN_DOCUMENTS) return;
    if (entry.users > 0) continue;
    documents.delete(key);
    entry.loading.then(({ doc }) => doc.destroy()).catch(() => undefined);
  }
}

/** Runs `use` with the open document, keeping it open until `use` settles. */
async function withDocument(file, version, use) {
  const handle = acquireDocument(file, version);
  try {
    return await use(await handle.loading);
  } finally {
    handle.release();
  }
}

function inspect({ file, version }) {
  return withDocument(file, version, async ({ doc }) => {
    const page = await doc.getPage(1);
    const viewport = page.getViewport({ scale: 1 });
    page.cleanup();
    return { pages: doc.numPages, width: viewport.width, height: viewport.height };
  });
}

function render(request) {
  return withDocument(request.file, request.version, (open) => renderPage(open, request));
}

/**
 * @param {OpenDocument} open
 * @param {{ id: number, page: number, scale: number, maxPixels: number }} request
 */
async function renderPage({ doc, scan }, { id, page: pageNumber, scale, maxPixels }) {
  if (pageNumber > doc.numPages) {
    return { outOfRange: true, pages: doc.numPages };
  }
  const page = await doc.getPage(pageNumber);
  try {
    // Checked before drawing: pdf.js would decode them all before anything could stop it.
    const imageBytes = (scan.pageImagePixels(page.ref?.num ?? -1) ?? 0) * BYTES_PER_PIXEL;
    if (imageBytes > limits.maxPageImageBytes) {
      throw new ContentLimitError(
        `PDF page ${pageNumber} draws images that decode to ${Math.ceil(imageBytes / MB)} MB, more than ${Math.floor(limits.maxPageImageBytes / MB)} MB (the maximum)`,
        'page',
      );
    }
    if (imageBytes >= RESERVE_FROM_BYTES) await reserveImageMemory(id, imageBytes);
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
  if (message.type === 'grant') {
    granted?.();
    granted = undefined;
    return;
  }
  try {
    const result = message.type === 'inspect' ? await inspect(message) : await render(message);
    const transfer = result.pixels ? [result.pixels] : [];
    parentPort?.postMessage({ id: message.id, ok: true, result }, transfer);
  } catch (error) {
    parentPort?.postMessage({
      id: message.id,
      ok: false,
      message: error instanceof Error ? error.message : String(error),
      refused: error instanceof ContentLimitError ? error.scope : undefined,
    });
  }
});

// Modules are loaded: from now on the parent's deadline measures the work it asks for.
parentPort?.postMessage({ ready: true });
