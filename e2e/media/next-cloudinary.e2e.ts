import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { uploadAsset } from '@coursepack/images/upload-asset';
import { buildMediaApp } from '@coursepack/media/app';
import { parseMediaConfig } from '@coursepack/media/config';
import { animatedGif } from '@coursepack/media/testing/cloudinary-sdk';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page, Response } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium';
import { type RunningExample, startNextCloudinaryExample } from './next-cloudinary-example';

/**
 * The "done when" of issue 15: examples/next-cloudinary, a Next.js page of next-cloudinary
 * `<CldImage>`s (blur, radius, a text overlay, dpr="auto", an animated GIF), in Chromium against
 * our media service, judged on what the browser shows and receives, as Cloudinary's docs
 * describe each option.
 */

let dataDir: string;
let media: FastifyInstance;
let mediaOrigin: string;
let example: RunningExample;
let browser: Browser;

/** The page's background (examples/next-cloudinary/app/layout.tsx): what rounded corners show. */
const PAGE_BACKGROUND = [255, 0, 255];

/** 600×400 checkerboard of 20-pixel squares, dark blue and amber: edges everywhere, no white. */
function checkerboard(): Promise<Buffer> {
  const width = 600;
  const height = 400;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const dark = (Math.floor(x / 20) + Math.floor(y / 20)) % 2 === 0;
      pixels.set(dark ? [26, 35, 126] : [255, 193, 7], (y * width + x) * 3);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'coursepack-next-cloudinary-'));
  const config = parseMediaConfig({
    DATA_DIR: dataDir,
    MEDIA_API_KEY: 'e2e-key',
    MEDIA_API_SECRET: 'e2e-secret-123',
  });
  media = await buildMediaApp(config);
  mediaOrigin = await media.listen({ port: 0, host: '127.0.0.1' });
  const credentials = {
    apiBaseUrl: mediaOrigin,
    cloudName: config.cloudName,
    apiKey: config.apiKey,
    apiSecret: config.apiSecret,
  };
  await uploadAsset(credentials, {
    file: await checkerboard(),
    filename: 'cover.png',
    publicId: 'samples/cover',
    resourceType: 'image',
  });
  await uploadAsset(credentials, {
    // Red, green, blue, 300 ms each: slow enough for screenshots to catch two frames.
    file: await animatedGif({ width: 240, height: 160, delay: 300 }),
    filename: 'animation.gif',
    publicId: 'samples/animation',
    resourceType: 'image',
  });
  example = await startNextCloudinaryExample(mediaOrigin);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await example?.stop();
  await media?.close();
  await rm(dataDir, { recursive: true, force: true });
});

interface MediaAnswer {
  url: string;
  status: number;
  secChDpr: string | undefined;
  body: Buffer;
}

/** Opens the example at a device pixel ratio, keeping every answer of the media service. */
async function openExample(deviceScaleFactor: number) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    deviceScaleFactor,
  });
  const page = await context.newPage();
  const answers: Promise<MediaAnswer>[] = [];
  page.on('response', (response: Response) => {
    if (!response.url().startsWith(mediaOrigin)) return;
    answers.push(
      (async () => ({
        url: response.url(),
        status: response.status(),
        secChDpr: (await response.request().allHeaders())['sec-ch-dpr'],
        body: await response.body(),
      }))(),
    );
  });
  await page.goto(example.origin);
  await page.waitForFunction(() =>
    Array.from(document.images).every((image) => image.complete && image.naturalWidth > 0),
  );
  return { page, context, answers: () => Promise.all(answers) };
}

/** The image element's `currentSrc` and the answer the browser got for it. */
async function answerFor(page: Page, testId: string, answers: MediaAnswer[]) {
  const src = await page
    .getByTestId(testId)
    .evaluate((image: HTMLImageElement) => image.currentSrc);
  const answer = answers.find((candidate) => candidate.url === src);
  if (!answer) throw new Error(`no media answer for ${testId} (${src})`);
  return answer;
}

/** What the browser shows for one element, as raw RGB pixels. */
async function shown(page: Page, testId: string) {
  const png = await page.getByTestId(testId).screenshot();
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const offset = (y * info.width + x) * 3;
    return [data[offset], data[offset + 1], data[offset + 2]] as [number, number, number];
  };
  return { width: info.width, height: info.height, at };
}
type Shown = Awaited<ReturnType<typeof shown>>;

/** Sum of the luminance steps between neighbouring pixels: what blurring takes away. */
function edgeEnergy(image: Shown): number {
  const luma = (x: number, y: number) => {
    const [r, g, b] = image.at(x, y);
    return 0.299 * r + 0.587 * g + 0.114 * b;
  };
  let energy = 0;
  for (let y = 0; y < image.height - 1; y++) {
    for (let x = 0; x < image.width - 1; x++) {
      energy += Math.abs(luma(x + 1, y) - luma(x, y)) + Math.abs(luma(x, y + 1) - luma(x, y));
    }
  }
  return energy;
}

const distance = (a: readonly number[], b: readonly number[]) =>
  Math.max(...a.map((value, index) => Math.abs(value - (b[index] ?? 0))));

/** Pixels of a band of rows that differ from the plain image's by more than `tolerance`. */
function differingPixels(image: Shown, plain: Shown, rows: [number, number], tolerance = 48) {
  let count = 0;
  for (let y = rows[0]; y < rows[1]; y++) {
    for (let x = 0; x < image.width; x++) {
      if (distance(image.at(x, y), plain.at(x, y)) > tolerance) count++;
    }
  }
  return count;
}

describe('next-cloudinary <CldImage> against our media service', () => {
  it('serves every image the page asks for, with the transformations next-cloudinary writes', async () => {
    const { page, context, answers } = await openExample(1);
    try {
      const served = await answers();
      expect(served.map((answer) => answer.status)).toEqual(served.map(() => 200));
      expect((await answerFor(page, 'blur', served)).url).toContain('e_blur:300');
      expect((await answerFor(page, 'radius', served)).url).toContain('r_40');
      expect((await answerFor(page, 'text', served)).url).toMatch(/l_text:Arial_48_bold:Week%201/);
      expect((await answerFor(page, 'dpr', served)).url).toContain('/dpr_auto/');
    } finally {
      await context.close();
    }
  });

  it('blurs: far less edge energy than the same image unblurred', async () => {
    const { page, context } = await openExample(1);
    try {
      const plain = edgeEnergy(await shown(page, 'plain'));
      const blurred = edgeEnergy(await shown(page, 'blur'));
      expect(plain).toBeGreaterThan(0);
      expect(blurred).toBeLessThan(plain * 0.25);
    } finally {
      await context.close();
    }
  });

  it('rounds the corners: the page shows through them, the middle is the image', async () => {
    const { page, context } = await openExample(1);
    try {
      const plain = await shown(page, 'plain');
      const rounded = await shown(page, 'radius');
      const corners: [number, number][] = [
        [1, 1],
        [rounded.width - 2, 1],
        [1, rounded.height - 2],
        [rounded.width - 2, rounded.height - 2],
      ];
      for (const [x, y] of corners) {
        expect(distance(rounded.at(x, y), PAGE_BACKGROUND)).toBeLessThan(16);
        expect(distance(plain.at(x, y), PAGE_BACKGROUND)).toBeGreaterThan(100);
      }
      // Away from the corners it is the plain image (give or take a few pixels of encoding:
      // with an alpha channel the AVIF is another encode).
      const middle: [number, number] = [40, rounded.height - 40];
      const middlePixels = (middle[1] - middle[0]) * rounded.width;
      expect(differingPixels(rounded, plain, middle)).toBeLessThan(middlePixels * 0.005);
    } finally {
      await context.close();
    }
  });

  it('draws the text overlay at the bottom, in white, and leaves the rest of the image alone', async () => {
    const { page, context } = await openExample(1);
    try {
      const plain = await shown(page, 'plain');
      const texted = await shown(page, 'text');
      const bottom: [number, number] = [Math.round(texted.height * 0.6), texted.height];
      expect(differingPixels(texted, plain, bottom)).toBeGreaterThan(300);
      expect(differingPixels(texted, plain, [0, Math.round(texted.height * 0.5)])).toBe(0);
      let white = 0;
      for (let y = bottom[0]; y < bottom[1]; y++) {
        for (let x = 0; x < texted.width; x++) {
          if (texted.at(x, y).every((channel) => channel > 230)) white++;
        }
      }
      expect(white).toBeGreaterThan(150);
    } finally {
      await context.close();
    }
  });

  it('delivers the GIF animated: every frame arrives and the page shows them in turn', async () => {
    const { page, context, answers } = await openExample(1);
    try {
      const answer = await answerFor(page, 'animation', await answers());
      expect(await sharp(answer.body).metadata()).toMatchObject({ pages: 3, loop: 0 });
      const colours = new Set<string>();
      for (let shot = 0; shot < 8 && colours.size < 2; shot++) {
        const frame = await shown(page, 'animation');
        const [r, g, b] = frame.at(frame.width >> 1, frame.height >> 1);
        colours.add(r > 200 ? 'red' : g > 200 ? 'green' : b > 200 ? 'blue' : 'other');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(colours.size).toBeGreaterThanOrEqual(2);
    } finally {
      await context.close();
    }
  });

  it.each([1, 2])(
    'dpr="auto" at a device pixel ratio of %i makes the image that many times larger',
    async (ratio) => {
      const { page, context, answers } = await openExample(ratio);
      try {
        const served = await answers();
        const plain = await sharp((await answerFor(page, 'plain', served)).body).metadata();
        const dpr = await answerFor(page, 'dpr', served);
        expect(dpr.secChDpr).toBe(String(ratio));
        expect(await sharp(dpr.body).metadata()).toMatchObject({
          width: plain.width * ratio,
          height: plain.height * ratio,
        });
      } finally {
        await context.close();
      }
    },
  );
});
