import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { createSignature } from '@coursepack/images/create-signature';
import { destroyAsset, MediaApiError, uploadAsset } from '@coursepack/images/upload-asset';
import type { FastifyInstance } from 'fastify';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMediaApp } from './app';
import type { MediaConfig } from './config';
import {
  TEST_CLOUD as CLOUD,
  TEST_API_KEY as KEY,
  TEST_API_SECRET as SECRET,
  testMediaConfig,
} from './testing/test-media-config';

/**
 * The service driven by the official `cloudinary` SDK (uploads, destroy, delivery URLs) and
 * by our own client, with small limits so hostile inputs stay tiny.
 */

type Cloudinary = typeof import('cloudinary')['v2'];

let dataDir: string;
let config: MediaConfig;
let app: FastifyInstance;
let origin: string;
let cloudinary: Cloudinary;
const derivations: string[] = [];
let derivationDelayMs = 0;

function env(extra: Record<string, string> = {}): MediaConfig {
  return testMediaConfig(dataDir, {
    MEDIA_MAX_UPLOAD_BYTES: '300000',
    MEDIA_MAX_SOURCE_PIXELS: '4000000',
    MEDIA_MAX_OUTPUT_PIXELS: '1000000',
    MEDIA_DERIVATION_BUDGET_MS: '20000',
    ...extra,
  });
}

/** A 600×400 photo-like JPEG: left half red, right half blue (crops are visible in colour). */
async function twoColourJpeg(): Promise<Buffer> {
  const half = await sharp({
    create: { width: 300, height: 400, channels: 3, background: '#0000ff' },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width: 600, height: 400, channels: 3, background: '#ff0000' } })
    .composite([{ input: half, left: 300, top: 0 }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function threePagePdf(label = 'Page'): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let page = 1; page <= 3; page++) {
    const p = doc.addPage([612, 792]);
    // A different amount of ink per page, so pages are told apart by their pixels.
    p.drawRectangle({ x: 0, y: 0, width: 612, height: 264 * page, color: rgb(0, 0, 0) });
    p.drawText(`${label} ${page}`, { x: 50, y: 740, size: 30, font });
  }
  return doc.save();
}

/** A PNG whose header claims 100000×100000 pixels: a decompression bomb in under 100 bytes. */
function bombPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(100_000, 0);
  ihdr.writeUInt32BE(100_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(16))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function deliveryUrl(publicId: string, options: Record<string, unknown> = {}): string {
  return cloudinary.url(publicId, {
    secure: false,
    cname: origin.replace('http://', ''),
    ...options,
  });
}

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  const body = Buffer.from(await response.arrayBuffer());
  return { response, body };
}

async function dimensions(url: string, accept = 'image/jpeg') {
  const { response, body } = await get(url, { accept });
  expect(response.status, response.headers.get('x-cld-error') ?? '').toBe(200);
  const metadata = await sharp(body).metadata();
  return { width: metadata.width, height: metadata.height, format: metadata.format, body };
}

/** Sends the path byte for byte (fetch and inject would resolve `..` and `%2e%2e` first). */
function rawGet(pathname: string): Promise<{ status: number; cldError: string | undefined }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    httpRequest({ hostname, port, path: pathname }, (response) => {
      response.resume();
      resolve({
        status: response.statusCode ?? 0,
        cldError: response.headers['x-cld-error'] as string,
      });
    })
      .on('error', reject)
      .end();
  });
}

function expectColour(actual: number[], expected: number[]): void {
  // JPEG sources shift flat colours by a few levels.
  actual.forEach((channel, index) => {
    expect(Math.abs(channel - (expected[index] as number)), `${actual} ≈ ${expected}`).toBeLessThan(
      8,
    );
  });
}

async function colourAt(body: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(body).raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [data[offset] as number, data[offset + 1] as number, data[offset + 2] as number];
}

const credentials = () => ({
  apiBaseUrl: origin,
  cloudName: CLOUD,
  apiKey: KEY,
  apiSecret: SECRET,
});

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'coursepack-media-'));
  config = env();
  app = await buildMediaApp(config, {
    hooks: {
      onDerive: async (key) => {
        derivations.push(key);
        if (derivationDelayMs > 0) await new Promise((r) => setTimeout(r, derivationDelayMs));
      },
    },
  });
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
  // The SDK reads CLOUDINARY_URL when it loads: set it first, then import.
  process.env.CLOUDINARY_URL = `cloudinary://${KEY}:${SECRET}@${CLOUD}?upload_prefix=${origin}`;
  cloudinary = (await import('cloudinary')).v2;

  const photo = path.join(dataDir, 'photo.jpg');
  await writeFile(photo, await twoColourJpeg());
  await cloudinary.uploader.upload(photo, { public_id: 'photos/two-colour' });
  const pdf = path.join(dataDir, 'notes.pdf');
  await writeFile(pdf, await threePagePdf());
  await cloudinary.uploader.upload(pdf, { public_id: 'docs/notes', resource_type: 'auto' });
});

afterAll(async () => {
  await app?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('upload API with the official SDK', () => {
  it('uploads an image and answers Cloudinary fields', async () => {
    const result = await cloudinary.uploader.upload(
      `data:image/jpeg;base64,${(await twoColourJpeg()).toString('base64')}`,
      { public_id: 'photos/data-uri' },
    );
    expect(result).toMatchObject({
      public_id: 'photos/data-uri',
      width: 600,
      height: 400,
      format: 'jpg',
      resource_type: 'image',
      type: 'upload',
    });
    expect(result.version).toBeGreaterThan(1_600_000_000);
    expect(result.bytes).toBeGreaterThan(0);
    expect(result.etag).toMatch(/^[0-9a-f]{32}$/);
    expect(result.secure_url).toBe(
      `${config.publicUrl}/${CLOUD}/image/upload/v${result.version}/photos/data-uri.jpg`,
    );
    expect(result.signature).toBe(
      createSignature({ public_id: result.public_id, version: result.version }, SECRET),
    );
    expect(new Date(result.created_at).getTime()).toBeGreaterThan(0);
  });

  it('uploads a PDF through auto/upload and counts its pages', async () => {
    const result = (await cloudinary.uploader.upload_stream)
      ? await new Promise<Record<string, unknown>>((resolve, reject) => {
          threePagePdf().then((bytes) => {
            cloudinary.uploader
              .upload_stream(
                { public_id: 'docs/streamed', resource_type: 'auto' },
                (error, value) =>
                  error ? reject(error) : resolve(value as unknown as Record<string, unknown>),
              )
              .end(Buffer.from(bytes));
          });
        })
      : undefined;
    expect(result).toMatchObject({
      public_id: 'docs/streamed',
      format: 'pdf',
      pages: 3,
      resource_type: 'image',
      width: 1275,
      height: 1650,
    });
  });

  it('takes a PDF with junk before its header, as PDF readers do', async () => {
    // A byte-order mark and a blank line, as a web script that printed them first leaves.
    const bytes = Buffer.concat([Buffer.from('\ufeff\r\n'), Buffer.from(await threePagePdf())]);
    const file = path.join(dataDir, 'prefixed.pdf');
    await writeFile(file, bytes);
    const result = await cloudinary.uploader.upload(file, {
      public_id: 'docs/prefixed',
      resource_type: 'auto',
    });
    expect(result).toMatchObject({ public_id: 'docs/prefixed', format: 'pdf', pages: 3 });
  });

  it('makes eager derivations before answering and lists them as Cloudinary does', async () => {
    const result = await cloudinary.uploader.upload(
      `data:image/jpeg;base64,${(await twoColourJpeg()).toString('base64')}`,
      {
        public_id: 'eager/photo',
        eager: [
          { width: 100, crop: 'scale' },
          { width: 40, height: 40, crop: 'fill', format: 'png' },
        ],
      },
    );
    expect(result.eager).toEqual([
      expect.objectContaining({ transformation: 'c_scale,w_100', width: 100, format: 'jpg' }),
      expect.objectContaining({
        transformation: 'c_fill,h_40,w_40/png',
        width: 40,
        height: 40,
        format: 'png',
      }),
    ]);
    const [scaled, filled] = result.eager as { secure_url: string; bytes: number }[];
    expect(scaled?.secure_url).toBe(
      `${config.publicUrl}/${CLOUD}/image/upload/c_scale,w_100/v${result.version}/eager/photo.jpg`,
    );
    // Made already: the first visitor is served from the cache, the bytes the answer counted.
    const { response, body } = await get(
      (filled?.secure_url ?? '').replace(config.publicUrl, origin),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-media-cache')).not.toBe('derived');
    expect(body.byteLength).toBe(filled?.bytes);
  });

  it('refuses an eager transformation it cannot make before storing anything', async () => {
    const upload = cloudinary.uploader.upload(
      `data:image/jpeg;base64,${(await twoColourJpeg()).toString('base64')}`,
      { public_id: 'eager/refused', eager: [{ width: 100 }, { effect: 'cartoonify' }] },
    );
    await expect(upload).rejects.toMatchObject({
      http_code: 400,
      message: expect.stringMatching(/e_cartoonify/),
    });
    const { response } = await get(deliveryUrl('eager/refused', { format: 'jpg' }));
    expect(response.status).toBe(404);
    const raw = cloudinary.uploader.upload('data:text/plain;base64,aGVsbG8=', {
      resource_type: 'raw',
      eager: [{ width: 100 }],
    });
    await expect(raw).rejects.toMatchObject({
      http_code: 400,
      message: 'Eager transformations apply to images, not raw files',
    });
  });

  it('applies an incoming transformation before keeping the image (resize on upload)', async () => {
    // The SDK turns top-level width and crop into the `transformation` parameter.
    const result = await cloudinary.uploader.upload(
      `data:image/jpeg;base64,${(await twoColourJpeg()).toString('base64')}`,
      { folder: 'incoming', width: 300, crop: 'limit', format: 'png', tags: ['kept'] },
    );
    expect(result).toMatchObject({ width: 300, height: 200, format: 'png', tags: ['kept'] });
    expect(result.public_id).toMatch(/^incoming\/[a-z0-9]{20}$/);
    // The stored original is the transformed image: untransformed delivery is 300 × 200 PNG.
    const { response, body } = await get(result.secure_url.replace(config.publicUrl, origin));
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(body.byteLength).toBe(result.bytes);
    expect(await sharp(body).metadata()).toMatchObject({ width: 300, height: 200 });
    // Derivations start from it: c_scale,w_150 of the stored 300 px, eager included.
    const scaled = await dimensions(deliveryUrl(result.public_id, { width: 150, crop: 'scale' }));
    expect(scaled).toMatchObject({ width: 150, height: 100 });
  });

  it('refuses an incoming transformation it cannot make, and one on a PDF, storing nothing', async () => {
    await expect(
      cloudinary.uploader.upload(
        `data:image/jpeg;base64,${(await twoColourJpeg()).toString('base64')}`,
        { public_id: 'incoming/refused', effect: 'cartoonify' },
      ),
    ).rejects.toMatchObject({ http_code: 400, message: expect.stringMatching(/e_cartoonify/) });
    const pdf = path.join(dataDir, 'incoming.pdf');
    await writeFile(pdf, await threePagePdf());
    await expect(
      cloudinary.uploader.upload(pdf, {
        public_id: 'incoming/pdf',
        resource_type: 'auto',
        width: 100,
        crop: 'scale',
      }),
    ).rejects.toMatchObject({
      http_code: 400,
      message: 'Incoming transformations (transformation, format) apply to images, not PDFs',
    });
    for (const id of ['incoming/refused', 'incoming/pdf']) {
      const { response } = await get(deliveryUrl(id, { format: 'jpg' }));
      expect(response.status).toBe(404);
    }
  });

  it('refuses private and authenticated uploads instead of storing them public', async () => {
    const jpeg = `data:image/jpeg;base64,${(await twoColourJpeg()).toString('base64')}`;
    await expect(
      cloudinary.uploader.upload(jpeg, { public_id: 'secret/a', type: 'authenticated' }),
    ).rejects.toMatchObject({
      http_code: 400,
      message:
        'Unsupported delivery type authenticated: this service stores public assets only (type upload)',
    });
    await expect(
      cloudinary.uploader.upload(jpeg, { public_id: 'secret/b', access_mode: 'authenticated' }),
    ).rejects.toMatchObject({ http_code: 400, message: expect.stringMatching(/access mode/) });
    const { response } = await get(deliveryUrl('secret/a', { format: 'jpg' }));
    expect(response.status).toBe(404);
    await expect(
      cloudinary.uploader.upload(jpeg, { public_id: 'secret/public', type: 'upload' }),
    ).resolves.toMatchObject({ public_id: 'secret/public', type: 'upload' });
  });

  it('generates a public id when none is given, and honours folder', async () => {
    const result = await cloudinary.uploader.upload(
      `data:image/jpeg;base64,${(await twoColourJpeg()).toString('base64')}`,
      { folder: 'generated' },
    );
    expect(result.public_id).toMatch(/^generated\/[a-z0-9]{20}$/);
  });

  it('destroys an asset: delivery then answers 404', async () => {
    await cloudinary.uploader.upload(
      `data:image/jpeg;base64,${(await twoColourJpeg()).toString('base64')}`,
      { public_id: 'photos/doomed' },
    );
    expect((await get(deliveryUrl('photos/doomed', { width: 10 }))).response.status).toBe(200);
    await expect(cloudinary.uploader.destroy('photos/doomed')).resolves.toEqual({ result: 'ok' });
    const { response } = await get(deliveryUrl('photos/doomed', { width: 10 }));
    expect(response.status).toBe(404);
    expect(response.headers.get('x-cld-error')).toBe('Resource not found - photos/doomed');
    await expect(cloudinary.uploader.destroy('photos/doomed')).resolves.toEqual({
      result: 'not found',
    });
  });

  it('accepts SHA-256 signatures (told apart by length)', async () => {
    const result = await cloudinary.uploader.upload(
      `data:image/jpeg;base64,${(await twoColourJpeg()).toString('base64')}`,
      { public_id: 'photos/sha256', signature_algorithm: 'sha256' } as Record<string, unknown>,
    );
    expect(result.public_id).toBe('photos/sha256');
  });

  it('replaces an asset on re-upload: new version, new pixels, no stale cache', async () => {
    const red = await sharp({
      create: { width: 40, height: 40, channels: 3, background: '#ff0000' },
    })
      .png()
      .toBuffer();
    const green = await sharp({
      create: { width: 40, height: 40, channels: 3, background: '#00ff00' },
    })
      .png()
      .toBuffer();
    const first = await uploadAsset(credentials(), {
      file: red,
      filename: 'a.png',
      publicId: 'swap',
    });
    const url = deliveryUrl('swap', { width: 20, format: 'png' });
    expect(await colourAt((await dimensions(url)).body, 10, 10)).toEqual([255, 0, 0]);
    const second = await uploadAsset(credentials(), {
      file: green,
      filename: 'a.png',
      publicId: 'swap',
    });
    expect(second.version).toBeGreaterThan(first.version);
    expect(await colourAt((await dimensions(url)).body, 10, 10)).toEqual([0, 255, 0]);
    const kept = await uploadAsset(credentials(), {
      file: red,
      filename: 'a.png',
      publicId: 'swap',
      overwrite: false,
    });
    expect(kept).toMatchObject({ version: second.version, existing: true });
  });

  it('accepts JSON and urlencoded bodies with a data URI', async () => {
    const file = `data:image/png;base64,${(
      await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
        .png()
        .toBuffer()
    ).toString('base64')}`;
    const timestamp = Math.floor(Date.now() / 1000);
    const signed = (publicId: string) => ({
      public_id: publicId,
      timestamp: String(timestamp),
      api_key: KEY,
      signature: createSignature({ public_id: publicId, timestamp }, SECRET),
      file,
    });
    const json = await fetch(`${origin}/v1_1/${CLOUD}/image/upload`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(signed('json-upload')),
    });
    expect(json.status).toBe(200);
    expect(await json.json()).toMatchObject({ public_id: 'json-upload', width: 4 });
    const form = await fetch(`${origin}/v1_1/${CLOUD}/image/upload`, {
      method: 'POST',
      body: new URLSearchParams(signed('form-upload')),
    });
    expect(await form.json()).toMatchObject({ public_id: 'form-upload', format: 'png' });
  });
});

describe('signature failures', () => {
  const jpeg = () => twoColourJpeg();

  it('rejects a wrong secret with 401 and the string to sign', async () => {
    const error = await uploadAsset(
      { ...credentials(), apiSecret: 'not-the-secret' },
      { file: await jpeg(), filename: 'x.jpg', publicId: 'bad-sig' },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaApiError);
    expect(error).toMatchObject({ status: 401, code: 'request_failed' });
    expect((error as Error).message).toMatch(
      /^Invalid Signature [0-9a-f]{40}\. String to sign - 'public_id=bad-sig&timestamp=\d+'\.$/,
    );
  });

  it('rejects an unknown API key', async () => {
    await expect(
      uploadAsset(
        { ...credentials(), apiKey: 'someone-else' },
        { file: await jpeg(), filename: 'x.jpg' },
      ),
    ).rejects.toMatchObject({ status: 401, message: 'Unknown API key someone-else' });
  });

  async function postSigned(fields: Record<string, string>) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(await jpeg())]), 'x.jpg');
    const response = await fetch(`${origin}/v1_1/${CLOUD}/image/upload`, {
      method: 'POST',
      body: form,
    });
    return {
      status: response.status,
      body: (await response.json()) as { error?: { message: string } },
    };
  }

  it('rejects a signature more than an hour old', async () => {
    const timestamp = Math.floor(Date.now() / 1000) - 3_601;
    const { status, body } = await postSigned({
      timestamp: String(timestamp),
      api_key: KEY,
      signature: createSignature({ timestamp }, SECRET),
    });
    expect(status).toBe(401);
    expect(body.error?.message).toMatch(
      /^Stale request - reported time is .* more than 1 hour ago$/,
    );
  });

  it('rejects tampered parameters, missing and malformed signatures', async () => {
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = createSignature({ public_id: 'a', timestamp }, SECRET);
    const base = { timestamp: String(timestamp), api_key: KEY };
    expect((await postSigned({ ...base, public_id: 'b', signature })).status).toBe(401);
    expect((await postSigned({ ...base, public_id: 'a' })).status).toBe(401);
    expect((await postSigned({ ...base, public_id: 'a', signature: 'xyz' })).status).toBe(401);
    expect(
      (await postSigned({ ...base, public_id: 'a', signature: signature.toUpperCase() })).status,
    ).toBe(200);
  });
});

describe('delivery of SDK-built URLs', () => {
  const photo = 'photos/two-colour';

  it('serves the right geometry for every crop mode', async () => {
    const cases: [Record<string, unknown>, number, number][] = [
      [{ width: 300 }, 300, 200],
      [{ width: 100, height: 100, crop: 'scale' }, 100, 100],
      [{ width: 300, height: 300, crop: 'fit' }, 300, 200],
      [{ width: 1200, height: 1200, crop: 'fit' }, 1200, 800],
      [{ width: 1200, height: 1200, crop: 'limit' }, 600, 400],
      [{ width: 150, height: 150, crop: 'limit' }, 150, 100],
      [{ width: 200, height: 100, crop: 'fill' }, 200, 100],
      [{ width: 900, height: 900, crop: 'fill' }, 900, 900],
      [{ width: 100, height: 100, crop: 'thumb', gravity: 'auto' }, 100, 100],
      [{ width: 800, height: 800, crop: 'thumb' }, 400, 400],
      [{ width: 200, height: 200, crop: 'pad' }, 200, 200],
      [{ width: 200, aspect_ratio: '1:1', crop: 'fill' }, 200, 200],
      [{ width: 100, dpr: 2.0 }, 200, 133],
      [
        {
          transformation: [
            { width: 300, crop: 'scale' },
            { width: 100, height: 100, crop: 'fill' },
          ],
        },
        100,
        100,
      ],
    ];
    for (const [options, width, height] of cases) {
      const url = deliveryUrl(photo, { ...options, format: 'png' });
      expect(await dimensions(url), url).toMatchObject({ width, height });
    }
  });

  it('crops and pads around the gravity and fills padding with white', async () => {
    const west = await dimensions(
      deliveryUrl(photo, { width: 100, height: 100, crop: 'fill', gravity: 'west', format: 'png' }),
    );
    expectColour(await colourAt(west.body, 50, 50), [255, 0, 0]);
    const east = await dimensions(
      deliveryUrl(photo, { width: 100, height: 100, crop: 'fill', gravity: 'east', format: 'png' }),
    );
    expectColour(await colourAt(east.body, 50, 50), [0, 0, 255]);
    const pad = await dimensions(
      deliveryUrl(photo, { width: 300, height: 300, crop: 'pad', format: 'png' }),
    );
    expectColour(await colourAt(pad.body, 150, 5), [255, 255, 255]);
  });

  it('negotiates f_auto from Accept with Vary: Accept, and lets the extension choose otherwise', async () => {
    const url = deliveryUrl(photo, { width: 64, fetch_format: 'auto', quality: 'auto' });
    const avif = await get(url, { accept: 'image/avif,image/webp,*/*' });
    expect(avif.response.headers.get('content-type')).toBe('image/avif');
    expect(avif.response.headers.get('vary')).toBe('Accept');
    expect((await sharp(avif.body).metadata()).format).toBe('heif');
    const webp = await get(url, { accept: 'image/webp,*/*' });
    expect(webp.response.headers.get('content-type')).toBe('image/webp');
    const jpeg = await get(url, { accept: '*/*' });
    expect(jpeg.response.headers.get('content-type')).toBe('image/jpeg');
    expect(webp.response.headers.get('etag')).not.toBe(jpeg.response.headers.get('etag'));

    for (const [format, type] of [
      ['png', 'png'],
      ['webp', 'webp'],
      ['jpg', 'jpeg'],
    ] as const) {
      const { response, body } = await get(deliveryUrl(photo, { width: 32, format }), {
        accept: 'image/avif',
      });
      expect(response.headers.get('vary')).toBeNull();
      expect((await sharp(body).metadata()).format).toBe(type);
    }
  });

  it('renders PDF pages with pg_', async () => {
    const page1 = await dimensions(
      deliveryUrl('docs/notes', { width: 200, page: 1, format: 'png' }),
    );
    const page3 = await dimensions(
      deliveryUrl('docs/notes', { width: 200, page: 3, format: 'png' }),
    );
    expect(page1).toMatchObject({ width: 200, height: 259 });
    expect(page3).toMatchObject({ width: 200, height: 259 });
    // Page 1 is inked up to a third of its height, page 3 entirely.
    expect(await colourAt(page1.body, 100, 30)).toEqual([255, 255, 255]);
    expect((await colourAt(page3.body, 100, 100))[0]).toBeLessThan(30);
    const { response } = await get(
      deliveryUrl('docs/notes', { width: 200, page: 4, format: 'png' }),
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('x-cld-error')).toMatch(/3 page/);
    const original = await get(deliveryUrl('docs/notes', { format: 'pdf' }));
    expect(original.response.headers.get('content-type')).toBe('application/pdf');
    expect(original.body.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('ignores query strings, sends CORS headers and caches with ETags', async () => {
    const url = deliveryUrl(photo, { width: 48, format: 'jpg' });
    expect(url).toContain('?_a=');
    const first = await get(url);
    const bare = await get(url.split('?')[0] as string);
    expect(bare.body.equals(first.body)).toBe(true);
    const headers = first.response.headers;
    expect(headers.get('access-control-allow-origin')).toBe('*');
    expect(headers.get('access-control-expose-headers')).toBe('X-Cld-Error');
    // The SDK's `v1` placeholder is not the asset's version: a replacement must show.
    expect(headers.get('cache-control')).toBe('public, max-age=60, must-revalidate');
    expect(bare.response.headers.get('x-media-cache')).toBe('memory');
    const etag = headers.get('etag') as string;
    const revalidated = await fetch(url, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('etag')).toBe(etag);
  });
});

describe('hostile requests and limits', () => {
  it.each([
    [
      'e_cartoonify/v1/photos/two-colour.jpg',
      400,
      /Unsupported transformation parameter e_cartoonify/,
    ],
    ['w_abc/v1/photos/two-colour.jpg', 400, /Invalid transformation w_abc/],
    ['c_fill,w_5000,h_5000/v1/photos/two-colour.jpg', 400, /Maximum image size exceeded/],
    ['w_16384,h_16384,c_scale/photos/two-colour.jpg', 400, /Maximum image size exceeded/],
    ['w_10/v1/photos/two-colour.exe', 404, /Resource not found/],
    ['w_10/v1/photos/two-colour.bmp', 400, /not a delivery format/],
    ['w_10/v1/photos/missing.jpg', 404, /Resource not found - photos\/missing/],
  ])('/%s → %i', async (pathname, status, reason) => {
    const response = await app.inject({ method: 'GET', url: `/${CLOUD}/image/upload/${pathname}` });
    expect(response.statusCode).toBe(status);
    expect(response.headers['x-cld-error']).toMatch(reason);
    expect(response.headers['access-control-expose-headers']).toBe('X-Cld-Error');
  });

  it('answers 404 for another cloud name and a raw ../ path', async () => {
    expect((await app.inject({ url: '/someone-else/image/upload/w_1/x.jpg' })).statusCode).toBe(
      404,
    );
    for (const pathname of [
      'w_1/../../meta.json',
      'w_10/photos/%2e%2e/%2e%2e/etc/passwd',
      'a/..%2f..%2fx',
    ]) {
      const raw = await rawGet(`/${CLOUD}/image/upload/${pathname}`);
      expect(raw, pathname).toMatchObject({
        status: 400,
        cldError: expect.stringMatching(/Invalid public id/),
      });
    }
  });

  it('rejects oversized files, decompression bombs and disallowed types at upload', async () => {
    const big = Buffer.alloc(config.maxUploadBytes + 1, 0xff);
    big.set([0xff, 0xd8, 0xff], 0);
    await expect(
      uploadAsset(credentials(), { file: big, filename: 'big.jpg', publicId: 'big' }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/File size too large/) });

    const bomb = cloudinary.uploader.upload(
      `data:image/png;base64,${bombPng().toString('base64')}`,
      {
        public_id: 'bomb',
      },
    );
    await expect(bomb).rejects.toMatchObject({
      http_code: 400,
      message: 'Image of 100000x100000 exceeds the maximum of 4000000 pixels',
    });

    for (const [name, bytes] of [
      ['x.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
      ['x.html', Buffer.from('<html></html>')],
      ['x.jpg', Buffer.alloc(0)],
    ] as const) {
      await expect(
        uploadAsset(credentials(), { file: bytes, filename: name, publicId: 'typed' }),
      ).rejects.toMatchObject({ status: 400 });
    }
    await expect(
      uploadAsset(credentials(), {
        file: await twoColourJpeg(),
        filename: 'x.jpg',
        publicId: '../escape',
      }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/path traversal/) });
  });

  it('refuses remote URLs as files (no server-side fetches)', async () => {
    await expect(
      cloudinary.uploader.upload('http://169.254.169.254/latest/meta-data', { public_id: 'ssrf' }),
    ).rejects.toMatchObject({ http_code: 400, message: expect.stringMatching(/Remote file URLs/) });
  });
});

describe('derivation jobs', () => {
  it('runs one derivation for many concurrent identical requests', async () => {
    derivations.length = 0;
    derivationDelayMs = 200;
    const url = deliveryUrl('photos/two-colour', { width: 77, format: 'webp' });
    const answers = await Promise.all(Array.from({ length: 8 }, () => get(url)));
    derivationDelayMs = 0;
    expect(derivations).toHaveLength(1);
    for (const { response, body } of answers) {
      expect(response.status).toBe(200);
      expect(body.equals(answers[0]?.body as Buffer)).toBe(true);
    }
  });

  it('answers from the disk cache after a restart, without deriving again', async () => {
    const url = deliveryUrl('photos/two-colour', { width: 55, format: 'jpg' });
    const first = await get(url);
    const count = derivations.length;
    const restarted = await buildMediaApp(config, {
      hooks: { onDerive: (key) => void derivations.push(key) },
    });
    try {
      const again = await restarted.inject({ url: url.replace(origin, '') });
      expect(again.statusCode).toBe(200);
      expect(again.headers['x-media-cache']).toBe('disk');
      expect(again.rawPayload.equals(first.body)).toBe(true);
      expect(derivations).toHaveLength(count);
    } finally {
      await restarted.close();
    }
  });

  it('answers 423 while a derivation outlives its budget, then 200 from the same job', async () => {
    let jobs = 0;
    const slow = await buildMediaApp(env({ MEDIA_DERIVATION_BUDGET_MS: '50' }), {
      hooks: {
        onDerive: async () => {
          jobs++;
          await new Promise((r) => setTimeout(r, 600));
        },
      },
    });
    try {
      const url = `/${CLOUD}/image/upload/w_33,f_auto/photos/two-colour`;
      const first = await slow.inject({ url });
      expect(first.statusCode).toBe(423);
      expect(first.headers['x-cld-error']).toMatch(/being processed/);
      expect(first.headers['cache-control']).toBe('no-store');
      let answer = first;
      const deadline = Date.now() + 10_000;
      while (answer.statusCode === 423 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        answer = await slow.inject({ url });
      }
      expect(answer.statusCode).toBe(200);
      expect((await sharp(answer.rawPayload).metadata()).width).toBe(33);
      expect(jobs).toBe(1);
    } finally {
      await slow.close();
    }
  });
});

describe('many PDFs at once', () => {
  it('renders pages of more documents than it keeps open, all requested together', async () => {
    // A page listing documents asks for each one's first page at the same moment.
    const ids = Array.from({ length: 7 }, (_, index) => `docs/many-${index}`);
    await Promise.all(
      ids.map(async (publicId, index) =>
        uploadAsset(credentials(), {
          file: await threePagePdf(`Document ${index}`),
          filename: `${index}.pdf`,
          publicId,
        }),
      ),
    );
    const statuses = await Promise.all(
      ids.map(async (publicId) => {
        const url = deliveryUrl(publicId, {
          width: 96,
          height: 128,
          crop: 'fill',
          page: 1,
          format: 'png',
        });
        // 423 only means "still working": ask again, as MediaImage does.
        for (let attempt = 0; attempt < 60; attempt++) {
          const { response } = await get(url);
          if (response.status !== 423) return response.status;
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
        return 423;
      }),
    );
    expect(statuses).toEqual(ids.map(() => 200));
  });
});

describe('health', () => {
  it('answers GET /healthz', async () => {
    const response = await app.inject({ url: '/healthz' });
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('upload client', () => {
  it('uploads and destroys through @coursepack/images/upload-asset', async () => {
    const uploaded = await uploadAsset(credentials(), {
      file: await threePagePdf(),
      filename: 'lecture.pdf',
      publicId: 'docs/client',
    });
    expect(uploaded).toMatchObject({
      public_id: 'docs/client',
      format: 'pdf',
      pages: 3,
      original_filename: 'lecture',
    });
    await expect(destroyAsset(credentials(), 'docs/client')).resolves.toEqual({ result: 'ok' });
  });

  it('reports an unreachable service as a network error', async () => {
    await expect(
      uploadAsset(
        { ...credentials(), apiBaseUrl: 'http://127.0.0.1:1' },
        { file: new Uint8Array(1), filename: 'x' },
      ),
    ).rejects.toMatchObject({ code: 'network_error', status: 0 });
  });
});
