import { mkdtemp, readdir, rm, stat, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { uploadAsset } from '@coursepack/images/upload-asset';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMediaApp } from '../app';
import type { MediaConfig } from '../config';
import { AssetStore } from '../store/asset-store';
import {
  TEST_CLOUD as CLOUD,
  TEST_API_KEY as KEY,
  TEST_API_SECRET as SECRET,
  testMediaConfig,
} from '../testing/test-media-config';

/**
 * Issue 29, "Anonymous GETs fill the disk": distinct URLs of one image grew media/derived by
 * their size each, never evicted. The derived cache is held under MEDIA_CACHE_MAX_BYTES,
 * counted in bytes on disk, across restarts and between processes sharing the folder.
 */

/** The smallest limit MEDIA_CACHE_MAX_BYTES takes. */
const LIMIT = 16 * 1024 * 1024;

let dataDir: string;
let apps: FastifyInstance[] = [];

function env(extra: Record<string, string> = {}): MediaConfig {
  return testMediaConfig(dataDir, {
    MEDIA_DERIVATION_BUDGET_MS: '60000',
    MEDIA_CACHE_MAX_BYTES: String(LIMIT),
    // Every repeated answer comes from the disk (no memory cache, hence no hot answers).
    MEDIA_MEMORY_CACHE_MB: '0',
    ...extra,
  });
}

async function startService(extra: Record<string, string> = {}) {
  const app = await buildMediaApp(env(extra));
  apps.push(app);
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const credentials = { apiBaseUrl: origin, cloudName: CLOUD, apiKey: KEY, apiSecret: SECRET };
  const get = async (pathname: string) => {
    // Not kept alive: under load, closing the app once waited out a kept-alive connection's
    // 72 s (past the hook's time).
    const response = await fetch(`${origin}/${CLOUD}/image/upload/${pathname}`, {
      headers: { connection: 'close' },
    });
    await response.arrayBuffer();
    return { status: response.status, cache: response.headers.get('x-media-cache') };
  };
  return { app, credentials, get };
}

/** Noise compresses to nothing: each 560-pixel-wide PNG derived from it is about 1 MB. */
async function noisePng(): Promise<Buffer> {
  return sharp({
    create: {
      width: 1200,
      height: 1200,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
}

/** What the files under `dir` take on disk (their blocks), as `du` counts them. */
async function diskUsage(dir: string): Promise<number> {
  let total = 0;
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const stats = await stat(path.join(entry.parentPath, entry.name)).catch(() => undefined);
    if (stats) total += stats.blocks * 512;
  }
  return total;
}

const derivedDir = () => path.join(dataDir, 'media', 'derived');

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'coursepack-media-cache-'));
});

afterEach(async () => {
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
  await rm(dataDir, { recursive: true, force: true });
});

describe('the derived cache limit', () => {
  it('keeps a flood of distinct derivations under MEDIA_CACHE_MAX_BYTES, least recently used out first', async () => {
    const { credentials, get } = await startService();
    await uploadAsset(credentials, {
      file: await noisePng(),
      filename: 'n.png',
      publicId: 'noise',
    });

    // 24 URLs of about 1 MB each: half again the limit.
    const widths = Array.from({ length: 24 }, (_, index) => 560 + index);
    for (const [index, width] of widths.entries()) {
      expect((await get(`w_${width}/noise.png`)).status).toBe(200);
      // The first one stays in use; the second is never asked for again.
      if (index > 1) expect((await get(`w_${widths[0]}/noise.png`)).cache).toBe('disk');
      expect(await diskUsage(derivedDir())).toBeLessThanOrEqual(LIMIT);
    }

    expect(await diskUsage(derivedDir())).toBeGreaterThan(LIMIT / 2);
    expect((await get(`w_${widths[0]}/noise.png`)).cache).toBe('disk');
    expect((await get(`w_${widths.at(-1)}/noise.png`)).cache).toBe('disk');
    // Evicted: made again, not an error.
    expect(await get(`w_${widths[1]}/noise.png`)).toEqual({ status: 200, cache: 'derived' });
    // The original is never evicted.
    const original = new AssetStore(path.join(dataDir, 'media')).originalPath('noise');
    expect((await stat(original)).size).toBeGreaterThan(1_000_000);
    expect(await get('noise.png')).toEqual({ status: 200, cache: 'original' });
  });

  it('counts what is already on disk at start-up and evicts the oldest to the limit', async () => {
    const first = await startService({ MEDIA_CACHE_MAX_BYTES: String(4 * LIMIT) });
    await uploadAsset(first.credentials, {
      file: await noisePng(),
      filename: 'n.png',
      publicId: 'noise',
    });
    const widths = Array.from({ length: 24 }, (_, index) => 560 + index);
    for (const width of widths) expect((await first.get(`w_${width}/noise.png`)).status).toBe(200);
    await first.app.close();
    expect(await diskUsage(derivedDir())).toBeGreaterThan(LIMIT);

    // Used order on disk: the lower the width, the longer ago.
    const files = (await readdir(derivedDir(), { withFileTypes: true, recursive: true })).filter(
      (entry) => entry.isFile(),
    );
    const byWidth = await Promise.all(
      files.map(async (entry) => {
        const file = path.join(entry.parentPath, entry.name);
        const { width } = await sharp(file).metadata();
        return { file, width };
      }),
    );
    for (const { file, width } of byWidth) {
      const usedAt = Date.now() / 1000 - 3600 + width;
      await utimes(file, usedAt, usedAt);
    }

    // A restart with a lower limit: what is on disk is counted, and evicted from the oldest.
    const second = await startService();
    await vi.waitFor(async () => expect(await diskUsage(derivedDir())).toBeLessThanOrEqual(LIMIT), {
      timeout: 20_000,
      interval: 100,
    });
    const left = new Set(
      (await readdir(derivedDir(), { recursive: true })).map((name) => path.basename(name)),
    );
    const kept = byWidth.filter(({ file }) => left.has(path.basename(file)));
    const gone = byWidth.filter(({ file }) => !left.has(path.basename(file)));
    expect(gone.length).toBeGreaterThan(0);
    expect(Math.min(...kept.map(({ width }) => width ?? 0))).toBeGreaterThan(
      Math.max(...gone.map(({ width }) => width ?? 0)),
    );
    expect((await second.get(`w_${widths.at(-1)}/noise.png`)).cache).toBe('disk');
  });

  it('holds the limit across processes sharing the folder; a reader of an evicted file gets a fresh derivation', async () => {
    const one = await startService();
    const two = await startService();
    await uploadAsset(one.credentials, {
      file: await noisePng(),
      filename: 'n.png',
      publicId: 'noise',
    });
    expect((await one.get('w_400/noise.png')).cache).toBe('derived');
    expect((await one.get('w_400/noise.png')).cache).toBe('disk');

    // The other process fills the cache: it counts the first one's file and evicts it.
    for (let width = 560; width < 584; width++) {
      expect((await two.get(`w_${width}/noise.png`)).status).toBe(200);
    }
    await vi.waitFor(async () => expect(await diskUsage(derivedDir())).toBeLessThanOrEqual(LIMIT), {
      timeout: 20_000,
      interval: 100,
    });
    expect(await one.get('w_400/noise.png')).toEqual({ status: 200, cache: 'derived' });
  });
});
