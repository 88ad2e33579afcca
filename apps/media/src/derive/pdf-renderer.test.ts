import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflatingPdf, largeImagesPdf, manyPagePdf } from '@coursepack/hostile-files/hostile-pdfs';
import { jpeg2000ScanPdf } from '@coursepack/hostile-files/scan-encodings';
import { type PDFDict, PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaError } from '../media-error';
import { PdfRenderer, type PdfRendererLimits } from './pdf-renderer';

let dir: string;
const renderers: PdfRenderer[] = [];

const limits: PdfRendererLimits = {
  workers: 1,
  heapMb: 256,
  timeoutMs: 3_000,
  maxRenderGrowthMb: 512,
  maxContentBytes: 16 * 1024 * 1024,
  maxImagePixels: 4_000_000,
  maxPageImageBytes: 144 * 1024 * 1024,
  workersPerDocument: 1,
  maxQueuedPerDocument: 64,
  breaker: { timeouts: 3, coolDownMs: 30_000, maxCoolDownMs: 900_000 },
};

function startRenderer(overrides: Partial<PdfRendererLimits> = {}): PdfRenderer {
  const renderer = new PdfRenderer({ ...limits, ...overrides });
  renderers.push(renderer);
  return renderer;
}

async function save(name: string, bytes: Uint8Array): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return file;
}

/**
 * A page drawing one form of 1 000 lines of text 40 000 times: every stream passes the content
 * check, but the canvas draws 40 million lines, in native memory the heap cap does not see.
 */
async function repeatedFormPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  page.drawText('Form flood', { x: 72, y: 760, size: 12, font });
  const resources = page.node.Resources() as PDFDict;
  const fontKey = (resources.lookup(PDFName.of('Font')) as PDFDict).keys()[0]?.decodeText();
  const line = `BT /${fontKey} 12 Tf 72 720 Td (a line of text drawn again) Tj ET\n`;
  const form = pdf.context.stream(line.repeat(1_000), {
    Type: 'XObject',
    Subtype: 'Form',
    BBox: [0, 0, 612, 792],
    Resources: resources,
  });
  resources.set(PDFName.of('XObject'), pdf.context.obj({ Fm0: pdf.context.register(form) }));
  const contents = pdf.context.stream('/Fm0 Do\n'.repeat(40_000));
  page.node.set(PDFName.of('Contents'), pdf.context.register(contents));
  return pdf.save({ useObjectStreams: false });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'coursepack-pdf-'));
});

afterAll(async () => {
  await Promise.all(renderers.map((renderer) => renderer.close()));
  await rm(dir, { recursive: true, force: true });
});

describe('PdfRenderer', () => {
  it('stops a call past its deadline and runs the call queued behind it on a new worker', async () => {
    // One worker: the normal page waits behind a page of a million rectangles.
    const renderer = startRenderer({ timeoutMs: 1_500 });
    const slow = await save(
      'slow.pdf',
      await inflatingPdf({ inflatedBytes: 8 * 1024 * 1024, operator: 'paths' }),
    );
    const normal = await save('normal.pdf', await manyPagePdf(1));
    const [stopped, rendered] = await Promise.allSettled([
      renderer.render(slow, 'slow', 1, 0.2, 1_000_000),
      renderer.render(normal, 'normal', 1, 0.2, 1_000_000),
    ]);
    expect(stopped).toMatchObject({
      status: 'rejected',
      reason: {
        code: 'unavailable',
        message: 'PDF page 1 took longer than 1500 ms to render (the maximum)',
      },
    });
    expect(rendered).toMatchObject({ status: 'fulfilled', value: { width: 119, height: 168 } });
  });

  it('keeps a share of workers for other documents while one document’s pages all run to the deadline', async () => {
    // Two workers, one per document: three pages of a slow document are asked for first, then a
    // page of another. Served first come first served, it would wait for all three (9 s).
    const renderer = startRenderer({
      workers: 2,
      breaker: { timeouts: 100, coolDownMs: 30_000, maxCoolDownMs: 900_000 },
    });
    const slow = await save(
      'slow-pages.pdf',
      await inflatingPdf({ inflatedBytes: 8 * 1024 * 1024, operator: 'paths', pages: 3 }),
    );
    const normal = await save('other-document.pdf', await manyPagePdf(1));
    const settled: string[] = [];
    const slowPages = [1, 2, 3].map((page) =>
      renderer.render(slow, 'slow-pages', page, 0.2, 1_000_000).finally(() => {
        settled.push(`slow ${page}`);
      }),
    );
    const other = renderer.render(normal, 'other-document', 1, 0.2, 1_000_000).finally(() => {
      settled.push('other');
    });
    await expect(other).resolves.toMatchObject({ width: 119 });
    // The other document's page is drawn while the slow one has had at most its first page
    // stopped (the two start together; which ends first depends on the machine).
    expect(settled.indexOf('other')).toBeLessThanOrEqual(1);
    const outcomes = await Promise.allSettled(slowPages);
    expect(outcomes.every((outcome) => outcome.status === 'rejected')).toBe(true);
  });

  it('pauses a document whose renders miss their deadline, at once and for it alone', async () => {
    const renderer = startRenderer({
      breaker: { timeouts: 2, coolDownMs: 60_000, maxCoolDownMs: 900_000 },
    });
    const slow = await save(
      'paused.pdf',
      await inflatingPdf({ inflatedBytes: 8 * 1024 * 1024, operator: 'paths', pages: 5 }),
    );
    const normal = await save('not-paused.pdf', await manyPagePdf(1));
    const [first, second, ...waiting] = await Promise.allSettled(
      [1, 2, 3, 4, 5].map((page) => renderer.render(slow, 'paused', page, 0.2, 1_000_000)),
    );
    for (const missed of [first, second]) {
      expect(missed).toMatchObject({
        status: 'rejected',
        reason: {
          code: 'unavailable',
          status: 503,
          message: expect.stringMatching(/^PDF page [12] took longer than 3000 ms to render/),
        },
      });
    }
    // The pages waiting behind them are answered without being drawn, with the reason.
    const paused = {
      status: 'rejected',
      reason: {
        code: 'unavailable',
        status: 503,
        message: expect.stringMatching(
          /^Drawing this PDF is paused for (59|60) s: its pages took longer than 3000 ms to render 2 times \(the maximum\)$/,
        ),
        retryAfterSeconds: expect.any(Number),
      },
    };
    expect(waiting).toHaveLength(3);
    for (const outcome of waiting) expect(outcome).toMatchObject(paused);
    await expect(renderer.render(slow, 'paused', 1, 0.1, 1_000_000)).rejects.toMatchObject(
      paused.reason,
    );
    await expect(renderer.render(normal, 'not-paused', 1, 0.2, 1_000_000)).resolves.toMatchObject({
      width: 119,
    });
  });

  it('does not remember a missed deadline as a property of the page', async () => {
    // The page misses its deadline (as an ordinary page may on a loaded machine); once the
    // load is gone (here: the same version now holds a quick page), it is drawn, in any size.
    const renderer = startRenderer();
    const file = await save(
      'loaded.pdf',
      await inflatingPdf({ inflatedBytes: 8 * 1024 * 1024, operator: 'paths' }),
    );
    await expect(renderer.render(file, 'loaded', 1, 0.2, 1_000_000)).rejects.toMatchObject({
      code: 'unavailable',
      message: 'PDF page 1 took longer than 3000 ms to render (the maximum)',
    });
    await writeFile(file, await manyPagePdf(1));
    await expect(renderer.render(file, 'loaded', 1, 0.1, 1_000_000)).resolves.toMatchObject({
      width: 59,
    });
  });

  it('bounds the calls one document may have waiting', async () => {
    const renderer = startRenderer({ maxQueuedPerDocument: 2 });
    const file = await save('queued.pdf', await manyPagePdf(4));
    const calls = [1, 2, 3, 4].map((page) => renderer.render(file, 'queued', page, 0.1, 1_000_000));
    const outcomes = await Promise.allSettled(calls);
    // One running, two waiting: the fourth is turned away at once, the others drawn.
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
    ]);
    expect(outcomes[3]).toMatchObject({
      reason: {
        code: 'unavailable',
        message:
          '2 pages of this PDF are already waiting to be drawn (the maximum); retry in a moment',
      },
    });
  });

  it('refuses a document failing the content check at inspection, and remembers it for its pages', async () => {
    const renderer = startRenderer();
    const bomb = await save('bomb.pdf', await inflatingPdf({ inflatedBytes: 64 * 1024 * 1024 }));
    const refusal = renderer.inspect(bomb, 'bomb');
    await expect(refusal).rejects.toBeInstanceOf(MediaError);
    await expect(refusal).rejects.toMatchObject({
      code: 'limit_exceeded',
      message: expect.stringMatching(/decodes to more than 16777216 bytes/),
    });
    // Same version, harmless bytes: only the remembered refusal can answer 400 now.
    await writeFile(bomb, await manyPagePdf(1));
    await expect(renderer.render(bomb, 'bomb', 1, 0.2, 1_000_000)).rejects.toMatchObject({
      code: 'limit_exceeded',
    });
    await expect(renderer.render(bomb, 'other-version', 1, 0.2, 1_000_000)).resolves.toMatchObject({
      width: 119,
    });
  });

  it('stops a render whose native memory grows past the limit, before its deadline', async () => {
    const renderer = startRenderer({ maxRenderGrowthMb: 100, timeoutMs: 120_000 });
    const flood = await save('form-flood.pdf', await repeatedFormPdf());
    await expect(renderer.render(flood, 'form-flood', 1, 0.2, 1_000_000)).rejects.toMatchObject({
      code: 'limit_exceeded',
      message: 'PDF page 1 grew memory by more than 100 MB to render (the maximum)',
    });
    const normal = await save('after-flood.pdf', await manyPagePdf(1));
    await expect(renderer.render(normal, 'after-flood', 1, 0.2, 1_000_000)).resolves.toMatchObject({
      width: 119,
    });
  });

  it('refuses a page whose images decode past the bound before drawing any, and remembers it', async () => {
    // Six 7000² images, each under the per-image limit: drawn, they took the service past 2 GB.
    const renderer = startRenderer({ maxImagePixels: 50_000_000 });
    const heavy = await save('large-images.pdf', await largeImagesPdf({ images: 6, side: 7_000 }));
    let peak = process.memoryUsage.rss();
    const before = peak;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 20);
    const refusal = {
      code: 'limit_exceeded',
      message: 'PDF page 1 draws images that decode to 1122 MB, more than 144 MB (the maximum)',
    };
    try {
      await expect(renderer.render(heavy, 'large-images', 1, 0.2, 1_000_000)).rejects.toMatchObject(
        refusal,
      );
    } finally {
      clearInterval(sampler);
    }
    // Refused from what the file declares: the images were never decoded.
    expect(peak - before).toBeLessThan(144 * 1024 * 1024);
    // Remembered for the page, in every size, without asking the worker again.
    await writeFile(heavy, await manyPagePdf(1));
    await expect(renderer.render(heavy, 'large-images', 1, 1, 1_000_000)).rejects.toMatchObject(
      refusal,
    );
  });

  it('draws a page whose images stay within the bound', async () => {
    const renderer = startRenderer({ maxPageImageBytes: 16 * 1024 * 1024 });
    const file = await save('small-images.pdf', await largeImagesPdf({ images: 3, side: 1_000 }));
    await expect(renderer.render(file, 'small-images', 1, 0.2, 1_000_000)).resolves.toMatchObject({
      width: 122,
    });
    const over = await save('over-images.pdf', await largeImagesPdf({ images: 5, side: 1_000 }));
    await expect(renderer.render(over, 'over-images', 1, 0.2, 1_000_000)).rejects.toMatchObject({
      message: 'PDF page 1 draws images that decode to 20 MB, more than 16 MB (the maximum)',
    });
  });

  it('draws image-heavy pages of two documents one after the other when together they pass the bound', async () => {
    // Each page's images decode to 19 MB: alone within the 24 MB bound, together not.
    const renderer = startRenderer({ workers: 2, maxPageImageBytes: 24 * 1024 * 1024 });
    const pages = await Promise.all(
      ['scan-a', 'scan-b'].map(async (name) =>
        save(`${name}.pdf`, await largeImagesPdf({ images: 1, side: 2_200 })),
      ),
    );
    const drawn = await Promise.all(
      pages.map((file, index) => renderer.render(file, `scan-${index}`, 1, 0.2, 1_000_000)),
    );
    expect(drawn.map(({ width }) => width)).toEqual([122, 122]);
    expect(renderer.imageMemory()).toEqual({ decoding: 0, peak: 2_200 * 2_200 * 4 });
  });

  it('draws a page scanned as JPEG 2000 (the format of archives’ scans)', async () => {
    const renderer = startRenderer();
    const scan = await save('jpeg2000-scan.pdf', await jpeg2000ScanPdf());
    // One pixel a point: the scanned line lies an inch in from the top left, 504 × 43 pt.
    const { width, pixels } = await renderer.render(scan, 'jpeg2000-scan', 1, 1, 1_000_000);
    const darkIn = (left: number, top: number, right: number, bottom: number) => {
      let dark = 0;
      for (let y = top; y < bottom; y += 1) {
        for (let x = left; x < right; x += 1) {
          if ((pixels[(y * width + x) * 4] as number) < 128) dark += 1;
        }
      }
      return dark / ((right - left) * (bottom - top));
    };
    // Text is ink on a few per cent of its line (2 % here); the rest of the page stays paper.
    expect(darkIn(72, 72, 576, 115)).toBeGreaterThan(0.01);
    expect(darkIn(72, 130, 576, 720)).toBe(0);
  });
});
