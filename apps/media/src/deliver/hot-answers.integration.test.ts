import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildMediaApp } from '../app';
import { type CloudinaryV2, decode, get, halves } from '../testing/cloudinary-sdk';
import { testMediaConfig } from '../testing/test-media-config';

/**
 * Hot answers (served before Fastify routes) against the normal path: two services over one
 * data folder, `hot` with hot answers and `plain` without, asked the same URLs (built by the
 * official SDK); then every way an answer can go out of date, over HTTP.
 */

let dataDir: string;
let hot: FastifyInstance;
let plain: FastifyInstance;
let hotOrigin: string;
let plainOrigin: string;
let cloudinary: CloudinaryV2;
/** URLs the hot service answered before routing. */
const served: string[] = [];

const RED = [255, 0, 0];
const versions = { red: 0 };
const BLUE = [0, 0, 255];

async function start(hotAnswers: boolean): Promise<{ app: FastifyInstance; origin: string }> {
  const config = testMediaConfig(dataDir, {
    MEDIA_MAX_OUTPUT_PIXELS: '100000',
  });
  const app = await buildMediaApp(config, {
    hotAnswers,
    onHotAnswer: (url) => served.push(url),
  });
  return { app, origin: await app.listen({ port: 0, host: '127.0.0.1' }) };
}

const png = (colour: string, width = 600, height = 400) => halves(width, height, colour, colour);

async function upload(publicId: string, bytes: Buffer): Promise<{ version: number }> {
  return cloudinary.uploader.upload(`data:image/png;base64,${bytes.toString('base64')}`, {
    public_id: publicId,
  });
}

/** A URL built by the SDK, on the hot service (path only: the same path goes to both). */
function sdkPath(publicId: string, options: Record<string, unknown>): string {
  const url = cloudinary.url(publicId, { secure: false, cname: 'media.test', ...options });
  // The SDK's `?_a=` query is ignored by delivery; left out, the served list reads plainly.
  return url.replace('http://media.test', '').replace(/\?.*$/, '');
}

/** Headers that legitimately differ between two answers: the clock and the connection. */
function comparable(headers: Headers): Record<string, string> {
  const { date: _date, ...rest } = Object.fromEntries(headers.entries());
  return rest;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'coursepack-hot-'));
  ({ app: hot, origin: hotOrigin } = await start(true));
  ({ app: plain, origin: plainOrigin } = await start(false));
  process.env.CLOUDINARY_URL = `cloudinary://test-key:test-secret-123@coursepack?upload_prefix=${hotOrigin}`;
  cloudinary = (await import('cloudinary')).v2;
  versions.red = (await upload('hot/red', await png('#ff0000'))).version;
  await upload('hot/logo', await png('#0000ff', 40, 40));
  await upload('placeholders/default', await png('#00ff00'));
  await cloudinary.api.create_transformation('hot-thumb', 'c_fill,w_40,h_30/e_grayscale');
});

afterAll(async () => {
  await hot?.close();
  await plain?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  served.length = 0;
});

describe('hot answers match the normal path', () => {
  const WEBP = { accept: 'image/webp,*/*' };
  const AVIF = { accept: 'image/avif,image/webp,*/*' };
  const cases: [string, () => string, Record<string, string>][] = [
    ['f_auto (Accept: WebP)', () => sdkPath('hot/red', { width: 100, fetch_format: 'auto' }), WEBP],
    ['f_auto (Accept: AVIF)', () => sdkPath('hot/red', { width: 100, fetch_format: 'auto' }), AVIF],
    ['an extension', () => sdkPath('hot/red', { width: 90, format: 'png' }), {}],
    [
      'the current version (immutable)',
      () => sdkPath('hot/red', { width: 80, format: 'jpg', version: versions.red }),
      {},
    ],
    [
      'g_face (x-media-approximation)',
      () => sdkPath('hot/red', { width: 50, height: 50, crop: 'fill', gravity: 'face' }),
      {},
    ],
    [
      'fl_attachment',
      () => sdkPath('hot/red', { width: 70, flags: 'attachment:resume', format: 'png' }),
      {},
    ],
    ['a named transformation', () => sdkPath('hot/red', { transformation: 'hot-thumb' }), {}],
    [
      'a d_ default',
      () => sdkPath('hot/missing', { width: 60, default_image: 'placeholders:default.png' }),
      {},
    ],
    [
      'an image layer',
      () =>
        sdkPath('hot/red', {
          transformation: [
            { width: 200 },
            { overlay: 'hot:logo', width: 20, gravity: 'north_west' },
          ],
          format: 'png',
        }),
      {},
    ],
    ['a signed URL', () => sdkPath('hot/red', { width: 66, sign_url: true }), {}],
    ['downscaled to the output limit', () => sdkPath('hot/red', { format: 'webp' }), {}],
  ];
  it.each(cases)(
    '%s: same status, headers and bytes; 304 and HEAD too',
    async (_name, url, headers) => {
      // As fetch sends it (the attachment's name is percent-encoded).
      const path = new URL(`${hotOrigin}${url()}`).pathname;
      // Warm both (the first answer says `derived`, later ones `memory`), the hot service last:
      // its records are a second old at most when asked again, even on a loaded machine.
      await get(`${plainOrigin}${path}`, headers);
      await get(`${hotOrigin}${path}`, headers);
      served.length = 0;
      const fast = await get(`${hotOrigin}${path}`, headers);
      expect(served, 'answered before routing').toEqual([path]);
      const normal = await get(`${plainOrigin}${path}`, headers);
      expect(fast.response.status).toBe(200);
      expect(fast.body.equals(normal.body)).toBe(true);
      expect(comparable(fast.response.headers)).toEqual(comparable(normal.response.headers));

      const etag = fast.response.headers.get('etag') ?? '';
      const conditional = { ...headers, 'if-none-match': etag };
      const fast304 = await get(`${hotOrigin}${path}`, conditional);
      const normal304 = await get(`${plainOrigin}${path}`, conditional);
      expect(fast304.response.status).toBe(304);
      expect(comparable(fast304.response.headers)).toEqual(comparable(normal304.response.headers));

      const head = async (origin: string) => {
        const response = await fetch(`${origin}${path}`, { method: 'HEAD', headers });
        return { status: response.status, headers: comparable(response.headers) };
      };
      expect(await head(hotOrigin)).toEqual(await head(plainOrigin));
      expect(served).toEqual([path, path, path]);
    },
  );

  it('keeps answers that depend on client hints out', async () => {
    const path = sdkPath('hot/red', { width: 'auto:50', crop: 'scale', dpr: 'auto' });
    const narrow = { 'sec-ch-width': '100', 'sec-ch-dpr': '1' };
    const wide = { 'sec-ch-width': '300', 'sec-ch-dpr': '1' };
    await get(`${hotOrigin}${path}`, narrow);
    const second = await get(`${hotOrigin}${path}`, wide);
    expect((await decode(second.body)).width).toBe(300);
    expect(served).toEqual([]);
  });

  it('leaves Range requests and originals to the normal path', async () => {
    const path = sdkPath('hot/red', { width: 100, format: 'png' });
    await get(`${hotOrigin}${path}`);
    const ranged = await get(`${hotOrigin}${path}`, { range: 'bytes=0-9' });
    expect(ranged.response.status).toBe(200);
    await upload('hot/small', await png('#ff0000', 20, 10));
    const original = sdkPath('hot/small', { format: 'png' });
    await get(`${hotOrigin}${original}`);
    await get(`${hotOrigin}${original}`);
    expect(served).toEqual([]);
  });
});

describe('hot answers go out of date with what they were made from', () => {
  const pixel = async (path: string, origin = hotOrigin) => {
    const { response, body } = await get(`${origin}${path}`);
    expect(response.status, response.headers.get('x-cld-error') ?? '').toBe(200);
    return (await decode(body)).at(5, 5).slice(0, 3);
  };
  /** Asks twice, so that the second answer is a hot one. */
  const warm = async (path: string) => {
    await get(`${hotOrigin}${path}`);
    served.length = 0;
    const colour = await pixel(path);
    expect(served).toEqual([path]);
    return colour;
  };

  it('an overwrite serves the new image at once', async () => {
    await upload('hot/swap', await png('#ff0000'));
    const path = sdkPath('hot/swap', { width: 30, format: 'png' });
    expect(await warm(path)).toEqual(RED);
    await upload('hot/swap', await png('#0000ff'));
    expect(await pixel(path)).toEqual(BLUE);
  });

  it('a delete answers 404 at once', async () => {
    await upload('hot/gone', await png('#ff0000'));
    const path = sdkPath('hot/gone', { width: 30, format: 'png' });
    expect(await warm(path)).toEqual(RED);
    await cloudinary.uploader.destroy('hot/gone');
    const after = await get(`${hotOrigin}${path}`);
    expect(after.response.status).toBe(404);
  });

  it('a redefined named transformation applies at once', async () => {
    await cloudinary.api.create_transformation('hot-size', 'w_30');
    const path = sdkPath('hot/red', { transformation: 'hot-size', format: 'png' });
    await warm(path);
    await cloudinary.api.update_transformation('hot-size', { unsafe_update: 'w_20' });
    const { body } = await get(`${hotOrigin}${path}`);
    expect((await decode(body)).width).toBe(20);
  });

  it('a d_ default gives way to the asset once it is uploaded', async () => {
    const path = sdkPath('hot/later', {
      width: 30,
      format: 'png',
      default_image: 'placeholders:default.png',
    });
    expect(await warm(path)).toEqual([0, 255, 0]);
    await upload('hot/later', await png('#ff0000'));
    expect(await pixel(path)).toEqual(RED);
  });

  it('a replaced layer image shows at once', async () => {
    await upload('hot/badge', await png('#0000ff', 20, 20));
    const path = sdkPath('hot/red', {
      transformation: [{ width: 100 }, { overlay: 'hot:badge', width: 100, gravity: 'north_west' }],
      format: 'png',
    });
    expect(await warm(path)).toEqual(BLUE);
    await upload('hot/badge', await png('#00ff00', 20, 20));
    expect(await pixel(path)).toEqual([0, 255, 0]);
  });

  it('a re-upload of the same bytes ends `immutable` for the old version', async () => {
    const bytes = await png('#ff0000');
    const { version } = await upload('hot/same', bytes);
    const path = sdkPath('hot/same', { width: 30, format: 'png', version });
    await warm(path);
    const cacheControl = async () =>
      (await get(`${hotOrigin}${path}`)).response.headers.get('cache-control');
    expect(await cacheControl()).toBe('public, max-age=2592000, immutable');
    // Same etag, new version, written by the other service (no in-process eviction).
    cloudinary.config({ upload_prefix: plainOrigin });
    try {
      await upload('hot/same', bytes);
    } finally {
      cloudinary.config({ upload_prefix: hotOrigin });
    }
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    // Another URL of the asset re-reads its record first: the hot entry must see the version.
    await get(`${hotOrigin}${sdkPath('hot/same', { width: 31, format: 'png' })}`);
    expect(await cacheControl()).toBe('public, max-age=60, must-revalidate');
  });

  it('a change made by another process shows within a second, as on the normal path', async () => {
    await upload('hot/shared', await png('#ff0000'));
    const path = sdkPath('hot/shared', { width: 30, format: 'png' });
    expect(await warm(path)).toEqual(RED);
    // The other service writes the same folder; this one re-reads records once a second.
    cloudinary.config({ upload_prefix: plainOrigin });
    try {
      await upload('hot/shared', await png('#0000ff'));
    } finally {
      cloudinary.config({ upload_prefix: hotOrigin });
    }
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await pixel(path)).toEqual(BLUE);
  });
});

describe('hot answers in the request log', () => {
  it('log a request line like the normal path, marked hot', async () => {
    const lines: string[] = [];
    const config = testMediaConfig(dataDir);
    const logged = await buildMediaApp(config, {
      logger: true,
      logStream: { write: (line) => lines.push(line) },
    });
    const origin = await logged.listen({ port: 0, host: '127.0.0.1' });
    try {
      const url = `${origin}${sdkPath('hot/red', { width: 120, crop: 'scale' })}`;
      expect((await fetch(url)).status).toBe(200);
      expect((await fetch(url)).status).toBe(200);
      const completed = lines
        .map((line) => JSON.parse(line) as { msg: string; hot?: boolean; res?: object })
        .filter((entry) => entry.msg === 'request completed');
      expect(completed).toHaveLength(2);
      expect(completed[1]).toMatchObject({ hot: true, res: { statusCode: 200 } });
    } finally {
      await logged.close();
    }
  });
});
