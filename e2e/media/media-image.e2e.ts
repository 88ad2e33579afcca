import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildMediaUrl } from '@coursepack/images/build-media-url';
import { uploadAsset } from '@coursepack/images/upload-asset';
import { buildMediaApp } from '@coursepack/media/app';
import { parseMediaConfig } from '@coursepack/media/config';
import { build } from 'esbuild';
import type { FastifyInstance } from 'fastify';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium';

/**
 * <MediaImage> in Chromium against the real media service, with every derivation slowed past
 * its time budget so the first load fails with 423 and the component has to poll.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const DERIVATION_DELAY_MS = 1_600;

let dataDir: string;
let media: FastifyInstance;
let mediaOrigin: string;
let pageServer: Server;
let pageOrigin: string;
let browser: Browser;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'coursepack-media-e2e-'));
  const config = parseMediaConfig({
    DATA_DIR: dataDir,
    MEDIA_API_KEY: 'e2e-key',
    MEDIA_API_SECRET: 'e2e-secret-123',
    MEDIA_DERIVATION_BUDGET_MS: '100',
  });
  media = await buildMediaApp(config, {
    hooks: { onDerive: () => new Promise((resolve) => setTimeout(resolve, DERIVATION_DELAY_MS)) },
  });
  mediaOrigin = await media.listen({ port: 0, host: '127.0.0.1' });
  const photo = await sharp({
    create: { width: 400, height: 300, channels: 3, background: '#3366cc' },
  })
    .jpeg()
    .toBuffer();
  await uploadAsset(
    {
      apiBaseUrl: mediaOrigin,
      cloudName: config.cloudName,
      apiKey: config.apiKey,
      apiSecret: config.apiSecret,
    },
    { file: photo, filename: 'cover.jpg', publicId: 'covers/e2e', resourceType: 'image' },
  );

  const bundle = await build({
    entryPoints: [path.join(here, 'media-image-page.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0]?.text ?? '';
  // A different origin from the media service, as in production: CORS must let the page read
  // the status and x-cld-error.
  pageServer = createServer((request, response) => {
    if (request.url?.startsWith('/app.js')) {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    } else {
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          '<!doctype html><html><body><div id="root"></div><script type="module" src="/app.js"></script></body></html>',
        );
    }
  });
  await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve));
  pageOrigin = `http://127.0.0.1:${(pageServer.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => pageServer?.close(resolve));
  await media?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('<MediaImage>', () => {
  it('polls through 423 and ends up displaying the image', async () => {
    const src = buildMediaUrl({ baseUrl: mediaOrigin, cloudName: 'coursepack' }, 'covers/e2e', {
      width: 120,
    });
    const page = await browser.newPage();
    const statuses: number[] = [];
    page.on('response', (response) => {
      if (response.url().startsWith(mediaOrigin)) statuses.push(response.status());
    });
    try {
      await page.goto(`${pageOrigin}/?src=${encodeURIComponent(src)}`);
      const image = page.getByTestId('image-1');
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
          timeout: 15_000,
        })
        .toBe(120);
      expect(await image.getAttribute('data-media-image')).toBe('reloaded');
      expect(await image.getAttribute('src')).toMatch(/\?_t=\d+$/);
      // The first load and at least two polls answered 423 before the derivation finished.
      expect(statuses.filter((status) => status === 423).length).toBeGreaterThanOrEqual(3);
      expect(statuses.at(-1)).toBe(200);
      expect(await page.evaluate(() => window.mediaImageErrors)).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('shows an accessible fallback and calls onError for a 404', async () => {
    const src = buildMediaUrl({ baseUrl: mediaOrigin, cloudName: 'coursepack' }, 'covers/missing', {
      width: 120,
    });
    const page = await browser.newPage();
    try {
      await page.goto(`${pageOrigin}/?src=${encodeURIComponent(src)}`);
      const fallback = page.getByRole('img', { name: 'Image 1' });
      await expect
        .poll(() => fallback.getAttribute('data-media-image'), { timeout: 10_000 })
        .toBe('failed');
      expect(await fallback.textContent()).toBe('Image 1');
      expect(await page.evaluate(() => window.mediaImageErrors)).toEqual([
        { status: 404, message: 'Resource not found - covers/missing', src },
      ]);
    } finally {
      await page.close();
    }
  });

  it('reports an unreachable service as status 500 "Network error"', async () => {
    const src = 'http://127.0.0.1:1/coursepack/image/upload/w_120/covers/e2e';
    const page = await browser.newPage();
    try {
      await page.goto(`${pageOrigin}/?src=${encodeURIComponent(src)}`);
      await expect
        .poll(() => page.evaluate(() => window.mediaImageErrors), { timeout: 10_000 })
        .toEqual([{ status: 500, message: 'Network error', src }]);
      expect(
        await page.getByRole('img', { name: 'Image 1' }).getAttribute('data-media-image'),
      ).toBe('failed');
    } finally {
      await page.close();
    }
  });
});
