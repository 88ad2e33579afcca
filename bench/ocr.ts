/**
 * OCR benchmark: scanned Letter pages (a 200 DPI JPEG each, no text layer, generated in memory)
 * read in one run by
 *   - our `recognizePdfPages` (apps/worker): create the engine, then read each page (a scan's
 *     JPEG straight from the file, see embedded-scan.ts), then terminate;
 *   - ours as it was before reading JPEGs directly: the same engine, each page drawn at 300 DPI
 *     with pdf.js first (`rasterizePage`), for the before/after comparison;
 *   - tesseract.js alone: `createWorker` with the same packaged model, `recognize` of the same
 *     JPEGs (taken out of the PDF before the clock starts), then `terminate` — the machine's
 *     limit for the OCR itself; once with tesseract.js's defaults, once with the settings our
 *     engine uses (no inverted-text retries, the scan's resolution given), which isolates the
 *     cost of our own layer (finding the JPEG, cleaning the result);
 *   - tesseract.js alone on the 300 DPI PNG of each drawn page (made before the clock starts),
 *     with our settings: what the rasterizing pipeline handed Tesseract, the baseline of the
 *     figures before this change.
 * Each contestant runs BENCH_OCR_REPEATS times (default 5) over BENCH_OCR_PAGES pages (default
 * 3), interleaved in a new order each round; figures are medians of wall-clock time, and of
 * the process's CPU time, which other jobs on a shared machine distort much less. Issue goal: ours at least 90 % of tesseract.js alone.
 * Run: `npx tsx bench/ocr.ts` (or `npm run bench -- ocr`).
 */

import sharp from 'sharp';
import { createWorker, OEM } from 'tesseract.js';
import { type EmbeddedScan, openEmbeddedScans } from '../apps/worker/src/ocr/embedded-scan';
import { createOcrEngine, resolveOcrLanguage } from '../apps/worker/src/ocr/ocr-engine';
import { rasterizePage } from '../apps/worker/src/ocr/rasterize-page';
import { recognizePdfPages } from '../apps/worker/src/ocr/recognize-pdf-pages';
import { makeScannedPdf, SCANNED_PAGE_LINES } from '../apps/worker/src/testing/make-scanned-pdf';
import { openTestPdf } from '../apps/worker/src/testing/open-test-pdf';

const REPEATS = Number(process.env.BENCH_OCR_REPEATS ?? 5);
const PAGES = Number(process.env.BENCH_OCR_PAGES ?? 3);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

interface Timing {
  seconds: number;
  /** CPU time of the whole process, Tesseract's worker thread included: what the run itself
   * cost, which other jobs on a shared machine stretch much less than its wall-clock time. */
  cpuSeconds: number;
  texts: string[];
}

async function timed(run: () => Promise<string[]>): Promise<Timing> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const texts = await run();
  const { user, system } = process.cpuUsage(cpu);
  return {
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: (user + system) / 1e6,
    texts,
  };
}

const pageNumbers = Array.from({ length: PAGES }, (_, index) => index + 1);
const pdf = await openTestPdf(await makeScannedPdf({ pages: PAGES }));

// What tesseract.js alone is given: each page's JPEG as it is in the file, and our 300 DPI
// drawing of each page as a PNG file.
const scans = await openEmbeddedScans(await pdf.getData());
const jpegs: EmbeddedScan[] = [];
const pngs: Buffer[] = [];
let rasterSeconds = 0;
for (const pageNumber of pageNumbers) {
  const found = scans?.find(await pdf.getPage(pageNumber), Number.POSITIVE_INFINITY);
  if (!found || !('scan' in found)) throw new Error(`page ${pageNumber} is not read as a scan`);
  jpegs.push(found.scan);
  const started = performance.now();
  const image = await rasterizePage(pdf, pageNumber);
  rasterSeconds += (performance.now() - started) / 1000;
  pngs.push(
    await sharp(image.grey, { raw: { width: image.width, height: image.height, channels: 1 } })
      .png({ compressionLevel: 1 })
      // A scan file says its resolution; without it Tesseract guesses and warns.
      .withMetadata({ density: image.dpi })
      .toBuffer(),
  );
}
const scanDpi = String(Math.round(jpegs[0]?.dpi ?? 0));
const english = resolveOcrLanguage('en');

async function tesseractAlone(
  images: Uint8Array[],
  parameters: Record<string, string>,
): Promise<string[]> {
  const worker = await createWorker(english.code, OEM.LSTM_ONLY, {
    langPath: english.langPath,
    cacheMethod: 'none',
  });
  try {
    await worker.setParameters(parameters);
    const texts: string[] = [];
    for (const image of images) texts.push((await worker.recognize(Buffer.from(image))).data.text);
    return texts;
  } finally {
    await worker.terminate();
  }
}

const contestants: Record<string, () => Promise<string[]>> = {
  'ours (recognizePdfPages)': async () => {
    const texts = await recognizePdfPages(pdf, pageNumbers, { languages: ['en'] });
    return [...texts.values()].map((page) => page.text);
  },
  'ours before (draw + recognize)': async () => {
    const engine = await createOcrEngine({ languages: ['en'] });
    try {
      const texts: string[] = [];
      for (const pageNumber of pageNumbers) {
        texts.push((await engine.recognize(await rasterizePage(pdf, pageNumber))).text);
      }
      return texts;
    } finally {
      await engine.terminate();
    }
  },
  'tesseract.js alone, JPEG': () =>
    tesseractAlone(
      jpegs.map((scan) => scan.jpeg),
      {},
    ),
  // Our Tesseract settings on tesseract.js alone: what remains is the cost of our own layer.
  'tesseract.js alone, JPEG, our settings': () =>
    tesseractAlone(
      jpegs.map((scan) => scan.jpeg),
      { tessedit_do_invert: '0', user_defined_dpi: scanDpi },
    ),
  'tesseract.js alone, 300 DPI PNG, our settings': () =>
    tesseractAlone(pngs, { tessedit_do_invert: '0', user_defined_dpi: '300' }),
};

const runs = Object.entries(contestants);
const seconds = Object.fromEntries(runs.map(([name]) => [name, [] as number[]]));
const cpuSeconds = Object.fromEntries(runs.map(([name]) => [name, [] as number[]]));

/** `items` in an order drawn from `seed` (mulberry32), the same every time the bench runs. */
function shuffled<T>(items: T[], seed: number): T[] {
  const order = [...items];
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32;
  };
  for (let index = order.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [order[index], order[other]] = [order[other] as T, order[index] as T];
  }
  return order;
}

// Interleaved, so a slow spell of the machine weighs on all alike, and in a new order each
// round, so no contestant always runs first or just after the same one (and its clean-up).
for (let repeat = 0; repeat < REPEATS; repeat += 1) {
  for (const [name, run] of shuffled(runs, repeat)) {
    const result = await timed(run);
    const found = result.texts.every((text) => text.includes('zorblax eigenvalue'));
    if (!found) console.warn(`${name}: the distinctive words were not read`);
    seconds[name]?.push(result.seconds);
    cpuSeconds[name]?.push(result.cpuSeconds);
  }
}
await pdf.destroy();

console.log(
  `${PAGES} scanned Letter page(s) per run (${SCANNED_PAGE_LINES.length} lines each, ${scanDpi} DPI), ${REPEATS} runs, medians; engine start and stop included`,
);
const perSecond: Record<string, number> = {};
const perCpuSecond: Record<string, number> = {};
for (const [name] of runs) {
  const values = seconds[name] ?? [];
  const cpu = median(cpuSeconds[name] ?? []);
  perSecond[name] = PAGES / median(values);
  perCpuSecond[name] = PAGES / cpu;
  console.log(
    `  ${name.padEnd(46)} ${(perSecond[name] ?? 0).toFixed(2)} pages/s   (run ${median(values).toFixed(2)} s, min ${Math.min(...values).toFixed(2)} s; CPU ${cpu.toFixed(2)} s)`,
  );
}
console.log(
  `  drawing a page alone (pdf.js, 300 DPI): ${((rasterSeconds / PAGES) * 1000).toFixed(0)} ms`,
);
const percent = (a = 0, b = 1) => `${((a / b) * 100).toFixed(0)} %`;
for (const [label, rates] of [
  ['pages/s', perSecond],
  ['pages per CPU second', perCpuSecond],
] as const) {
  const [ours, before, alone, aloneOurSettings, pngOurSettings] = Object.values(rates);
  console.log(`  In ${label}:`);
  console.log(
    `    ours / tesseract.js alone on the JPEG: ${percent(ours, alone)} (issue goal: ≥ 90 %); with our settings: ${percent(ours, aloneOurSettings)}`,
  );
  console.log(
    `    before / tesseract.js alone on the JPEG: ${percent(before, alone)}; with our settings: ${percent(before, aloneOurSettings)}; before / alone on the 300 DPI PNG: ${percent(before, pngOurSettings)}`,
  );
  console.log(`    ours / before: ${percent(ours, before)}`);
}
