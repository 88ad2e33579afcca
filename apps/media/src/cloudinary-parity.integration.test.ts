import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { UploadApiResponse } from 'cloudinary';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  animatedGif,
  type CloudinaryV2,
  decode,
  get,
  type SdkSetup,
  startWithSdk,
} from './testing/cloudinary-sdk';
import { startTestMediaService, type TestMediaService } from './testing/start-test-media-service';

/**
 * Issue 15, the silent wrong answers: what the official `cloudinary` SDK sends (booleans as
 * 0/1, tags, context, chunked uploads) and what its URLs ask for (versions, originals,
 * animations), judged on stored bytes and decoded pixels.
 */

let service: TestMediaService;
let cloudinary: CloudinaryV2;
let deliveryUrl: SdkSetup['sdkUrl'];
let origin: string;
const scratch = path.join(tmpdir(), `coursepack-parity-${process.pid}`);

beforeAll(async () => {
  ({
    service,
    origin,
    cloudinary,
    sdkUrl: deliveryUrl,
  } = await startWithSdk({
    MEDIA_MAX_UPLOAD_BYTES: '400000',
    MEDIA_MAX_SOURCE_PIXELS: '4000000',
    MEDIA_MAX_OUTPUT_PIXELS: '1000000',
    MEDIA_DERIVATION_BUDGET_MS: '30000',
  }));
  await rm(scratch, { recursive: true, force: true });
  await mkdir(scratch, { recursive: true });
});

afterAll(async () => {
  await service?.close();
  await rm(scratch, { recursive: true, force: true });
});

function solid(colour: string, width = 40, height = 40): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

function dataUri(bytes: Buffer, type = 'image/png'): string {
  return `data:${type};base64,${bytes.toString('base64')}`;
}

/** The upload answer's URLs name MEDIA_PUBLIC_URL; the test service listens elsewhere. */
function local(url: string): string {
  return `${origin}${new URL(url).pathname}`;
}

async function colourAt(body: Buffer, x: number, y: number, page = 0): Promise<number[]> {
  return (await decode(body, page)).at(x, y).slice(0, 3);
}

function expectColour(actual: number[], expected: number[]): void {
  // GIF palettes and lossy WebP shift flat colours by a few levels.
  actual.forEach((channel, index) => {
    expect(Math.abs(channel - (expected[index] as number)), `${actual} ≈ ${expected}`).toBeLessThan(
      12,
    );
  });
}

const RED = [255, 0, 0];
const GREEN = [0, 255, 0];
const BLUE = [0, 0, 255];

describe('upload parameters as the SDK sends them', () => {
  it('overwrite: false (sent as 0) keeps the existing asset and its pixels', async () => {
    const first = await cloudinary.uploader.upload(dataUri(await solid('#ff0000')), {
      public_id: 'kept',
    });
    const second = await cloudinary.uploader.upload(dataUri(await solid('#00ff00')), {
      public_id: 'kept',
      overwrite: false,
    });
    expect(second).toMatchObject({ version: first.version, existing: true });
    const { body } = await get(deliveryUrl('kept', { width: 20, format: 'png' }));
    expect(await colourAt(body, 10, 10)).toEqual(RED);
    const replaced = await cloudinary.uploader.upload(dataUri(await solid('#00ff00')), {
      public_id: 'kept',
      overwrite: true,
    });
    expect(replaced.version).toBeGreaterThan(first.version);
  });

  it('use_filename with unique_filename: false names the asset after the file exactly', async () => {
    const file = path.join(scratch, 'lecture-cover.png');
    await writeFile(file, await solid('#336699'));
    const plain = await cloudinary.uploader.upload(file, {
      use_filename: true,
      unique_filename: false,
    });
    expect(plain.public_id).toBe('lecture-cover');
    const unique = await cloudinary.uploader.upload(file, { use_filename: true });
    expect(unique.public_id).toMatch(/^lecture-cover_[a-z0-9]{6}$/);
  });

  it('refuses a boolean it cannot read instead of guessing', async () => {
    await expect(
      cloudinary.uploader.upload(dataUri(await solid('#000000')), {
        public_id: 'odd-flag',
        overwrite: 'maybe' as unknown as boolean,
      }),
    ).rejects.toMatchObject({ http_code: 400, message: expect.stringMatching(/overwrite/) });
  });

  it('stores tags and context and answers them', async () => {
    const result = await cloudinary.uploader.upload(dataUri(await solid('#123456')), {
      public_id: 'tagged',
      tags: ['cover', 'week-1'],
      context: { alt: 'a=b', caption: 'one|two' },
    });
    expect(result.tags).toEqual(['cover', 'week-1']);
    expect(result.context).toEqual({ custom: { alt: 'a=b', caption: 'one|two' } });
  });
});

describe('versions and caching', () => {
  it('is immutable only for the current version; v1 and old versions revalidate', async () => {
    const first = await cloudinary.uploader.upload(dataUri(await solid('#ff0000')), {
      public_id: 'covers/cached',
    });
    const current = await get(deliveryUrl('covers/cached', { width: 20, version: first.version }));
    expect(current.response.headers.get('cache-control')).toBe(
      'public, max-age=2592000, immutable',
    );
    // The SDK writes the `v1` placeholder for ids with folders.
    const placeholderUrl = deliveryUrl('covers/cached', { width: 20, format: 'png' });
    expect(placeholderUrl).toContain('/v1/');
    const placeholder = await get(placeholderUrl);
    expect(placeholder.response.headers.get('cache-control')).toBe(
      'public, max-age=60, must-revalidate',
    );

    await cloudinary.uploader.upload(dataUri(await solid('#0000ff')), {
      public_id: 'covers/cached',
    });
    const old = await get(
      deliveryUrl('covers/cached', { width: 20, format: 'png', version: first.version }),
    );
    expect(old.response.headers.get('cache-control')).toBe('public, max-age=60, must-revalidate');
    expect(await colourAt(old.body, 10, 10)).toEqual(BLUE);
    const revalidated = await fetch(placeholderUrl, {
      headers: { 'if-none-match': placeholder.response.headers.get('etag') as string },
    });
    expect(revalidated.status).toBe(200);
  });
});

describe('untransformed delivery', () => {
  it('serves the stored bytes as stored, with ETag revalidation and byte ranges', async () => {
    const jpeg = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#808000' },
    })
      .jpeg({ quality: 97 })
      .toBuffer();
    const uploaded = await cloudinary.uploader.upload(dataUri(jpeg, 'image/jpeg'), {
      public_id: 'as-stored',
    });
    const url = local(uploaded.secure_url);
    const whole = await get(url);
    expect(whole.response.status).toBe(200);
    expect(whole.response.headers.get('content-type')).toBe('image/jpeg');
    expect(whole.response.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.body.equals(jpeg)).toBe(true);
    expect(whole.response.headers.get('etag')).toBe(`"${uploaded.etag}"`);

    const notModified = await fetch(url, {
      headers: { 'if-none-match': `"${uploaded.etag}"` },
    });
    expect(notModified.status).toBe(304);

    const part = await get(url, { range: 'bytes=10-19' });
    expect(part.response.status).toBe(206);
    expect(part.response.headers.get('content-range')).toBe(`bytes 10-19/${jpeg.length}`);
    expect(part.body.equals(jpeg.subarray(10, 20))).toBe(true);
    const tail = await get(url, { range: 'bytes=-5' });
    expect(tail.body.equals(jpeg.subarray(-5))).toBe(true);

    const beyond = await get(url, { range: `bytes=${jpeg.length}-` });
    expect(beyond.response.status).toBe(416);
    expect(beyond.response.headers.get('content-range')).toBe(`bytes */${jpeg.length}`);
    expect(beyond.response.headers.get('x-cld-error')).toMatch(/^Range not satisfiable/);

    // Another extension is a conversion, not the original.
    const png = await get(deliveryUrl('as-stored', { format: 'png' }));
    expect((await sharp(png.body).metadata()).format).toBe('png');
  });
});

describe('animated GIFs', () => {
  let uploaded: UploadApiResponse;

  beforeAll(async () => {
    uploaded = await cloudinary.uploader.upload(dataUri(await animatedGif(), 'image/gif'), {
      public_id: 'anim/spinner',
    });
  });

  it('reports frames on upload and serves the upload answer’s own url as the GIF', async () => {
    expect(uploaded).toMatchObject({ format: 'gif', pages: 3, width: 60, height: 40 });
    const { response, body } = await get(local(uploaded.url));
    expect(response.status, response.headers.get('x-cld-error') ?? '').toBe(200);
    expect(response.headers.get('content-type')).toBe('image/gif');
    expect(body.equals(await animatedGif())).toBe(true);
  });

  it('keeps every frame through a resize to .gif', async () => {
    const url = deliveryUrl('anim/spinner', { width: 30, height: 30, crop: 'fill', format: 'gif' });
    const { response, body } = await get(url);
    expect(response.status, response.headers.get('x-cld-error') ?? '').toBe(200);
    const metadata = await sharp(body).metadata();
    expect(metadata).toMatchObject({ format: 'gif', width: 30, pages: 3 });
    expectColour(await colourAt(body, 15, 15, 0), RED);
    expectColour(await colourAt(body, 15, 15, 2), BLUE);
  });

  it('f_auto answers animated WebP when accepted, else an animated GIF', async () => {
    const url = deliveryUrl('anim/spinner', { width: 30, fetch_format: 'auto', quality: 'auto' });
    const webp = await get(url, { accept: 'image/avif,image/webp,*/*' });
    expect(webp.response.headers.get('content-type')).toBe('image/webp');
    expect(webp.response.headers.get('vary')).toBe('Accept');
    expect(await sharp(webp.body).metadata()).toMatchObject({ format: 'webp', pages: 3 });
    expectColour(await colourAt(webp.body, 15, 10, 1), GREEN);
    const gif = await get(url, { accept: '*/*' });
    expect(gif.response.headers.get('content-type')).toBe('image/gif');
    expect(await sharp(gif.body).metadata()).toMatchObject({ format: 'gif', pages: 3 });
  });

  it('pg_ picks one frame', async () => {
    const { body } = await get(deliveryUrl('anim/spinner', { page: 2, format: 'png' }));
    expect(await sharp(body).metadata()).toMatchObject({ format: 'png', height: 40 });
    expectColour(await colourAt(body, 30, 20), GREEN);
  });

  it('counts every frame against the processing limit', async () => {
    const limited = await startTestMediaService({ MEDIA_MAX_PROCESSED_PIXELS: '5000' });
    try {
      const { credentials, delivery } = limited;
      const { uploadAsset } = await import('@coursepack/images/upload-asset');
      await uploadAsset(credentials, {
        file: await animatedGif(),
        filename: 'a.gif',
        publicId: 'anim',
      });
      const base = `${delivery.baseUrl}/${delivery.cloudName}/image/upload`;
      // One 60×40 frame (2400 pixels) fits; three do not.
      expect((await get(`${base}/w_60/pg_1/anim.png`)).response.status).toBe(200);
      const all = await get(`${base}/w_60/anim.gif`);
      expect(all.response.status).toBe(400);
      expect(all.response.headers.get('x-cld-error')).toMatch(/^Transformation too costly/);
    } finally {
      await limited.close();
    }
  });
});

describe('chunked upload_large', () => {
  /** Noise does not compress: a ~270 KB PNG, sent in 64 KB chunks. */
  const noisePng = () =>
    sharp({
      create: {
        width: 300,
        height: 300,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();

  it('assembles every chunk into the stored file', async () => {
    const png = await noisePng();
    expect(png.length).toBeGreaterThan(3 * 65_536);
    const file = path.join(scratch, 'large.png');
    await writeFile(file, png);
    const result = await new Promise<UploadApiResponse>((resolve, reject) => {
      cloudinary.uploader.upload_large(
        file,
        { public_id: 'large', resource_type: 'image', chunk_size: 65_536 },
        (error, value) => (error || !value ? reject(error) : resolve(value)),
      );
    });
    expect(result).toMatchObject({
      public_id: 'large',
      width: 300,
      height: 300,
      bytes: png.length,
    });
    const { body } = await get(local(result.secure_url));
    expect(body.equals(await readFile(file))).toBe(true);
  });

  /** The SDK's upload_large as most callers write it: no resource_type (it sends `raw`). */
  const uploadLarge = (file: string, options: Record<string, unknown>) =>
    new Promise<UploadApiResponse>((resolve, reject) => {
      cloudinary.uploader.upload_large(file, { chunk_size: 65_536, ...options }, (error, value) =>
        error || !value ? reject(error) : resolve(value),
      );
    });

  it('stores the default upload_large of an image as a raw file, delivered as stored', async () => {
    const png = await noisePng();
    const file = path.join(scratch, 'raw-large.png');
    await writeFile(file, png);
    const result = await uploadLarge(file, { public_id: 'files/large.png' });
    // As at Cloudinary: a raw asset, no size or format, under /raw/upload/.
    expect(result).toMatchObject({
      public_id: 'files/large.png',
      resource_type: 'raw',
      bytes: png.length,
      type: 'upload',
    });
    expect(result.width).toBeUndefined();
    expect(result.secure_url).toMatch(/\/coursepack\/raw\/upload\/v\d+\/files\/large\.png$/);
    const { response, body } = await get(local(result.secure_url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=2592000, immutable');
    expect(body.equals(png)).toBe(true);
    // Raw files are their own namespace: not an image to transform.
    expect((await get(deliveryUrl('files/large.png', { width: 10 }))).response.status).toBe(404);
    // The SDK's url() for a raw file reaches it too.
    const sdkRaw = deliveryUrl('files/large.png', { resource_type: 'raw' });
    expect((await get(sdkRaw)).body.equals(png)).toBe(true);
  });

  it('stores a PDF the same way, named with its extension, with ranges and destroy', async () => {
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      Buffer.alloc(150_000, 0x20),
      Buffer.from('\n%%EOF\n'),
    ]);
    const file = path.join(scratch, 'notes.pdf');
    await writeFile(file, pdf);
    const result = await uploadLarge(file, {});
    // A made-up public id keeps the file's extension, as at Cloudinary.
    expect(result.public_id).toMatch(/^[a-z0-9]{20}\.pdf$/);
    expect(result).toMatchObject({ resource_type: 'raw', bytes: pdf.length });
    const url = local(result.secure_url);
    const whole = await get(url);
    expect(whole.response.headers.get('content-type')).toBe('application/pdf');
    expect(whole.body.equals(pdf)).toBe(true);
    const part = await get(url, { range: 'bytes=0-7' });
    expect(part.response.status).toBe(206);
    expect(part.body.toString()).toBe('%PDF-1.4');

    await expect(
      cloudinary.uploader.destroy(result.public_id, { resource_type: 'raw' }),
    ).resolves.toMatchObject({ result: 'ok' });
    expect((await get(url)).response.status).toBe(404);
  });

  it('answers the CORS preflight allowing the chunk headers', async () => {
    const response = await fetch(`${origin}/v1_1/coursepack/image/upload`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-unique-upload-id,content-range',
      },
    });
    expect(response.status).toBe(204);
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    expect(allowed).toContain('x-unique-upload-id');
    expect(allowed).toContain('content-range');
  });

  it('refuses a chunk beyond the upload size limit and a malformed Content-Range', async () => {
    const post = (contentRange: string) =>
      fetch(`${origin}/v1_1/coursepack/image/upload`, {
        method: 'POST',
        headers: { 'x-unique-upload-id': 'abc', 'content-range': contentRange },
        body: new FormData(),
      });
    const tooLarge = await post('bytes 400000-400009/-1');
    expect(tooLarge.status).toBe(400);
    expect(await tooLarge.json()).toEqual({
      error: { message: 'File size too large. Got 400010. Maximum is 400000.' },
    });
    const malformed = await post('bytes=0-9');
    expect(malformed.status).toBe(400);
  });
});

describe('raw files of any type', () => {
  /** The SDK's upload of a file on disk as a raw asset, named by the service. */
  async function uploadRaw(name: string, bytes: Buffer): Promise<UploadApiResponse> {
    const file = path.join(scratch, name);
    await writeFile(file, bytes);
    return cloudinary.uploader.upload(file, { resource_type: 'raw' });
  }

  /** Headers that keep an answer from ever running as a page of our origin. */
  function expectInert(response: Response, filename: string): void {
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="${filename.replace('.', '\\.')}"`),
    );
    expect(response.headers.get('content-security-policy')).toMatch(/\bsandbox\b/);
  }

  it('keeps a text file, named with its extension, served as a text download', async () => {
    const text = Buffer.from('Week 1: read chapters 1–3.\n');
    const result = await uploadRaw('reading.txt', text);
    expect(result).toMatchObject({ resource_type: 'raw', bytes: text.length });
    expect(result.public_id).toMatch(/^[a-z0-9]{20}\.txt$/);
    const { response, body } = await get(local(result.secure_url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expectInert(response, result.public_id);
    expect(body.equals(text)).toBe(true);
  });

  it('serves an uploaded HTML page as inert text to download, never as HTML', async () => {
    const html = Buffer.from('<!doctype html><script>document.cookie</script><p>hi</p>');
    const result = await uploadRaw('page.html', html);
    expect(result.public_id).toMatch(/\.html$/);
    const { response, body } = await get(local(result.secure_url), { accept: 'text/html' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).not.toMatch(/html/i);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expectInert(response, result.public_id);
    expect(body.equals(html)).toBe(true);
  });

  it('recognises a ZIP archive and serves any other binary as octet-stream, both as downloads', async () => {
    const zip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(2_000, 7)]);
    const archive = await uploadRaw('notes.zip', zip);
    const zipped = await get(local(archive.secure_url));
    expect(zipped.response.headers.get('content-type')).toBe('application/zip');
    expectInert(zipped.response, archive.public_id);
    expect(zipped.body.equals(zip)).toBe(true);

    const binary = Buffer.from([0x00, 0xff, 0x10, 0x80, 0x00, 0x01, 0xfe, 0x7f]);
    const blob = await uploadRaw('data.bin', binary);
    const served = await get(local(blob.secure_url));
    expect(served.response.headers.get('content-type')).toBe('application/octet-stream');
    expectInert(served.response, blob.public_id);
    expect(served.body.equals(binary)).toBe(true);
  });

  it('still serves raw images inline, and refuses other files as images', async () => {
    const png = await solid('#00ff00');
    const result = await uploadRaw('green.png', png);
    const { response } = await get(local(result.secure_url));
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-disposition')).toBeNull();

    await writeFile(path.join(scratch, 'essay.txt'), 'not an image');
    await expect(
      cloudinary.uploader.upload(path.join(scratch, 'essay.txt'), { resource_type: 'image' }),
    ).rejects.toMatchObject({
      http_code: 400,
      message: 'Unsupported file type; allowed: jpg, png, gif, webp, avif, pdf',
    });
  });

  it('holds raw files to the upload size limit', async () => {
    await expect(uploadRaw('big.bin', Buffer.alloc(400_001, 1))).rejects.toMatchObject({
      http_code: 400,
      message: 'File size too large. Maximum is 400000.',
    });
  });
});
