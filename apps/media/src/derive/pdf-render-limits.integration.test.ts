import {
  largeImagesPdf,
  manyPagePdf,
  sharedLineArtPdf,
} from '@coursepack/hostile-files/hostile-pdfs';
import {
  brokenXrefPdf,
  emptyPasswordEncryptedPdf,
  incrementallyUpdatedPdf,
  linearizedPdf,
} from '@coursepack/hostile-files/real-world-pdfs';
import { uploadAsset } from '@coursepack/images/upload-asset';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestMediaService, type TestMediaService } from '../testing/start-test-media-service';

/**
 * Issue 29, the second attack probe, over HTTP: a document whose every page draws one shared
 * stream of stroked segments (400,000 here, so that a page misses the deadline on any
 * machine), its pages asked for all at once, must cost only its own share of the render
 * workers and pause only itself, while other documents' pages keep being drawn; a page of
 * images decoding to a gigabyte is refused before any is decoded. Files generated here.
 */

const services: TestMediaService[] = [];

afterAll(async () => {
  await Promise.all(services.map((service) => service.close()));
});

async function startService(env: Record<string, string>) {
  const service = await startTestMediaService(env);
  services.push(service);
  const upload = (publicId: string, file: Uint8Array) =>
    uploadAsset(service.credentials, {
      file,
      filename: `${publicId}.pdf`,
      publicId,
      resourceType: 'auto',
    });
  const get = (transformation: string, publicId: string) =>
    fetch(`${service.delivery.baseUrl}/coursepack/image/upload/${transformation}/${publicId}`, {
      // Not kept alive: closing the service would wait for the socket.
      headers: { connection: 'close' },
    });
  return { upload, get };
}

describe('a PDF whose pages all run to the render deadline', () => {
  it('pauses only itself, while other documents’ pages keep being drawn over HTTP', async () => {
    const { upload, get } = await startService({
      MEDIA_PDF_WORKERS: '2',
      MEDIA_PDF_RENDER_TIMEOUT_MS: '4000',
      MEDIA_PDF_BREAKER_TIMEOUTS: '2',
      // Generous for the ordinary pages on a loaded machine; the line art takes far longer.
      // Requests wait for the outcome (no 423), so each answer says how its render ended.
      MEDIA_DERIVATION_BUDGET_MS: '60000',
    });
    await upload('docs/line-art', await sharedLineArtPdf({ pages: 200, segments: 400_000 }));
    await upload('docs/lecture', await manyPagePdf(3));

    let hostileDone = false;
    const hostile = Promise.all(
      Array.from({ length: 12 }, (_, index) => get(`w_200,pg_${index + 1},f_png`, 'docs/line-art')),
    ).finally(() => {
      hostileDone = true;
    });
    const lecture = await Promise.all(
      [1, 2, 3].map((page) => get(`w_150,pg_${page},f_png`, 'docs/lecture')),
    );
    expect(lecture.map((answer) => [answer.status, answer.headers.get('x-cld-error')])).toEqual([
      [200, null],
      [200, null],
      [200, null],
    ]);
    // Drawn beside the line art, not after it.
    expect(hostileDone).toBe(false);

    const answers = await hostile;
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(503));
    const reasons = answers.map((answer) => answer.headers.get('x-cld-error') ?? '');
    // Two pages ran to the deadline (one at a time: one worker is the document's share); the
    // others were answered without being drawn.
    expect(
      reasons.filter((reason) => /^PDF page \d+ took longer than 4000 ms/.test(reason)),
    ).toHaveLength(2);
    expect(
      reasons.filter((reason) => reason.startsWith('Drawing this PDF is paused')),
    ).toHaveLength(10);
    for (const answer of answers) {
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }

    // Paused: answered at once, in any size; the lecture, asked in new sizes, is drawn.
    const again = await get('w_90,pg_1,f_png', 'docs/line-art');
    expect(again.status).toBe(503);
    expect(again.headers.get('x-cld-error')).toMatch(
      /^Drawing this PDF is paused for \d+ s: its pages took longer than 4000 ms to render 2 times \(the maximum\)$/,
    );
    const sizes = await Promise.all([
      get('w_91,f_png', 'docs/lecture'),
      get('w_92,f_png', 'docs/lecture'),
    ]);
    expect(sizes.map((answer) => answer.status)).toEqual([200, 200]);
  });
});

describe('a PDF page of images that decode to a gigabyte', () => {
  it('is refused with the reason before any image is decoded, and other pages are drawn', async () => {
    const { upload, get } = await startService({ MEDIA_PDF_WORKERS: '2' });
    // Six 7000² images, each under MEDIA_MAX_SOURCE_PIXELS: pages are not drawn at upload.
    await upload('docs/large-images', await largeImagesPdf({ images: 6, side: 7_000 }));
    await upload('docs/notes', await manyPagePdf(1));
    const [heavy, notes] = await Promise.all([
      get('w_300,pg_1,f_png', 'docs/large-images'),
      get('w_300,pg_1,f_png', 'docs/notes'),
    ]);
    expect(heavy.status).toBe(400);
    expect(heavy.headers.get('x-cld-error')).toBe(
      'PDF page 1 draws images that decode to 1122 MB, more than 144 MB (the maximum)',
    );
    expect(notes.status).toBe(200);
    // Remembered for the page: another size is refused without drawing it either.
    const again = await get('w_100,pg_1,f_png', 'docs/large-images');
    expect(again.status).toBe(400);
  });
});

describe('real drawings of hundreds of thousands of operators', () => {
  it('are taken at upload and their pages drawn over HTTP', { timeout: 240_000 }, async () => {
    // About a second of CPU each here; deadlines generous for a machine loaded many deep.
    const { upload, get } = await startService({
      MEDIA_DERIVATION_BUDGET_MS: '120000',
      MEDIA_PDF_RENDER_TIMEOUT_MS: '60000',
    });
    // A technical drawing: 50,000 stroked segments, 150,000 operators in its one content stream.
    const drawing = await upload(
      'docs/drawing',
      await sharedLineArtPdf({ pages: 1, segments: 50_000 }),
    );
    // A map: 60,000 short contour strokes, 180,000 operators.
    const map = await upload(
      'docs/map',
      await sharedLineArtPdf({ pages: 1, segments: 60_000, reach: 4 }),
    );
    expect([drawing.pages, map.pages]).toEqual([1, 1]);
    const pages = await Promise.all([
      get('w_600,pg_1,f_png', 'docs/drawing'),
      get('w_600,pg_1,f_png', 'docs/map'),
    ]);
    for (const page of pages) {
      expect([page.status, page.headers.get('x-cld-error')]).toEqual([200, null]);
      // Lines drawn, not a blank page: the darkest pixel is black ink.
      const { channels } = await sharp(Buffer.from(await page.arrayBuffer())).stats();
      expect(channels[0]?.min).toBeLessThan(100);
    }
  });
});

describe('PDFs as real producers leave them, which pdf.js reads', () => {
  it.each([
    ['a damaged cross-reference table', brokenXrefPdf],
    ['an incremental update', incrementallyUpdatedPdf],
    ['a linearized file', linearizedPdf],
    ['encryption with an empty user password', emptyPasswordEncryptedPdf],
  ])('takes one with %s at upload and draws its page over HTTP', async (_, make) => {
    const { upload, get } = await startService({});
    const stored = await upload('docs/real-world', make());
    expect(stored.pages).toBe(1);
    const page = await get('w_300,pg_1,f_png', 'docs/real-world');
    expect([page.status, page.headers.get('x-cld-error')]).toEqual([200, null]);
    // The page's line of text is drawn: dark pixels on the white page.
    const { channels } = await sharp(Buffer.from(await page.arrayBuffer())).stats();
    expect(channels[0]?.min).toBeLessThan(100);
  });
});
