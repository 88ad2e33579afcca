import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflatingPdf, manyPagePdf } from '@coursepack/hostile-files/hostile-pdfs';
import { uploadAsset } from '@coursepack/images/upload-asset';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMediaApp } from './app';
import type { MediaConfig } from './config';
import { AssetStore } from './store/asset-store';
import {
  TEST_CLOUD as CLOUD,
  TEST_API_KEY as KEY,
  TEST_API_SECRET as SECRET,
  testMediaConfig,
} from './testing/test-media-config';

/**
 * Issue 11, "No input exhausts the machine": hostile PDFs, long transformation chains and
 * malformed requests each get a clear 400 while ordinary thumbnails keep being served.
 * Hostile files are generated here, small on disk, never committed.
 */

const MB = 1024 * 1024;

let dataDir: string;
const apps: FastifyInstance[] = [];

function env(extra: Record<string, string> = {}): MediaConfig {
  return testMediaConfig(dataDir, {
    MEDIA_MAX_UPLOAD_BYTES: '1000000',
    MEDIA_MAX_SOURCE_PIXELS: '4000000',
    MEDIA_MAX_OUTPUT_PIXELS: '1000000',
    MEDIA_DERIVATION_BUDGET_MS: '60000',
    ...extra,
  });
}

/** A listening service (uploads go through the real client over HTTP). */
async function startService(extra: Record<string, string> = {}) {
  const app = await buildMediaApp(env(extra));
  apps.push(app);
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const credentials = { apiBaseUrl: origin, cloudName: CLOUD, apiKey: KEY, apiSecret: SECRET };
  const upload = (publicId: string, file: Uint8Array, filename = `${publicId}.pdf`) =>
    uploadAsset(credentials, { file, filename, publicId, resourceType: 'auto' });
  const get = (pathname: string) => app.inject({ url: `/${CLOUD}/image/upload/${pathname}` });
  return { app, origin, upload, get };
}

/** Puts a file in the store as an upload would, without the upload's checks. */
async function storeDirectly(config: MediaConfig, publicId: string, bytes: Uint8Array) {
  const assets = new AssetStore(config.mediaDir);
  const temp = await assets.tempPath();
  await writeFile(temp, bytes);
  await assets.put(
    {
      publicId,
      version: 1,
      format: 'pdf',
      width: 1275,
      height: 1650,
      pages: 1,
      bytes: bytes.byteLength,
      etag: createHash('md5').update(bytes).digest('hex'),
      hasAlpha: false,
      createdAt: new Date().toISOString(),
    },
    temp,
  );
}

/** Sends the path byte for byte (fetch would reject or re-encode malformed escapes). */
function rawGet(origin: string, pathname: string) {
  const { hostname, port } = new URL(origin);
  return new Promise<{ status: number; headers: Record<string, unknown> }>((resolve, reject) => {
    httpRequest({ hostname, port, path: pathname }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, headers: response.headers });
    })
      .on('error', reject)
      .end();
  });
}

function expectCors(headers: Record<string, unknown>): void {
  expect(headers['access-control-allow-origin']).toBe('*');
  expect(headers['access-control-expose-headers']).toBe('X-Cld-Error');
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'coursepack-media-hostile-'));
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await rm(dataDir, { recursive: true, force: true });
});

describe('a PDF whose content stream inflates to 100 MB', () => {
  it('is refused at upload with the reason', async () => {
    const { upload } = await startService();
    const bomb = await inflatingPdf({ inflatedBytes: 100 * MB });
    await expect(upload('docs/bomb', bomb)).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/^PDF stream \d+ 0 decodes to more than 16777216 bytes/),
    });
  });

  it('is refused at upload however its stream names the filter or labels itself', async () => {
    // Each a form pdf.js reads as the flood it is: F for Filter, the name behind a reference or
    // an array of references, and page contents marked as an image.
    const { upload } = await startService();
    const spellings = [
      { filterSpelling: 'F' },
      { filterSpelling: 'indirect' },
      { filterSpelling: 'indirect-array' },
      { subtype: 'Image' },
    ] as const;
    for (const [index, spelling] of spellings.entries()) {
      const bomb = await inflatingPdf({ inflatedBytes: 100 * MB, ...spelling });
      await expect(upload(`docs/spelled-bomb-${index}`, bomb)).rejects.toMatchObject({
        status: 400,
        message: expect.stringMatching(/^PDF stream \d+ 0 decodes to more than 16777216 bytes/),
      });
    }
  });

  it('answers 400 when stored anyway, remembers it, and other thumbnails keep answering 200', async () => {
    const { upload, get } = await startService();
    const config = env();
    await upload('docs/fine', await manyPagePdf(2));
    await storeDirectly(
      config,
      'docs/stored-bomb',
      await inflatingPdf({ inflatedBytes: 100 * MB }),
    );

    const [hostile, ...fine] = await Promise.all([
      get('c_fill,w_96,h_128,pg_1,f_png/docs/stored-bomb'),
      get('c_fill,w_96,h_128,pg_1,f_png/docs/fine'),
      get('c_fill,w_96,h_128,pg_2,f_png/docs/fine'),
    ]);
    expect(hostile.statusCode).toBe(400);
    expect(hostile.headers['x-cld-error']).toMatch(/decodes to more than 16777216 bytes/);
    expectCors(hostile.headers);
    expect(fine.map((answer) => answer.statusCode)).toEqual([200, 200]);

    // Swap in harmless bytes under the same record: a service that checked the file again
    // would now render it; one that remembers the refusal answers at once without looking.
    await writeFile(
      new AssetStore(config.mediaDir).originalPath('docs/stored-bomb'),
      await manyPagePdf(1),
    );
    const again = await get('c_fill,w_200,h_200,pg_1,f_png/docs/stored-bomb');
    expect(again.statusCode).toBe(400);
    expect(again.headers['x-cld-error']).toMatch(/decodes to more than/);
  });
});

describe('PDF worker limits', () => {
  it('stops a render past its deadline, failing only that page while another worker serves', async () => {
    // 8 MB of tiny rectangles: a million operators, well over ten seconds of pdf.js; allowed
    // through the content check here so that the deadline is what stops it. Deadlines start
    // once a worker has loaded pdf.js, so ordinary pages take a small part of theirs — even on a
    // machine loaded ten deep, where 1.5 s was once too little for a plain page.
    const { upload, get } = await startService({
      MEDIA_PDF_WORKERS: '2',
      MEDIA_PDF_RENDER_TIMEOUT_MS: '4000',
    });
    await upload('docs/slow', await inflatingPdf({ inflatedBytes: 8 * MB, operator: 'paths' }));
    await upload('docs/normal', await manyPagePdf(3));

    const slow = get('w_100,pg_1,f_png/docs/slow');
    const normal = await Promise.all(
      [1, 2, 3].map((page) => get(`w_90,pg_${page},f_png/docs/normal`)),
    );
    expect(normal.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const stopped = await slow;
    expect(stopped.statusCode).toBe(503);
    expect(stopped.headers['x-cld-error']).toBe(
      'PDF page 1 took longer than 4000 ms to render (the maximum)',
    );
    expect(stopped.headers['retry-after']).toBe('4');
    // The stopped worker was replaced: both slots render again.
    const after = await Promise.all([get('w_91,f_png/docs/normal'), get('w_92,f_png/docs/normal')]);
    expect(after.map((answer) => answer.statusCode)).toEqual([200, 200]);
  });

  it('refuses a page whose rendering outgrows the worker heap cap', async () => {
    const { upload, get } = await startService({
      MEDIA_PDF_WORKER_HEAP_MB: '64',
      MEDIA_PDF_RENDER_TIMEOUT_MS: '120000',
    });
    await upload('docs/heavy', await inflatingPdf({ inflatedBytes: 2 * MB, operator: 'paths' }));
    await upload('docs/light', await manyPagePdf(1));
    const heavy = await get('w_100,pg_1,f_png/docs/heavy');
    expect(heavy.statusCode).toBe(400);
    expect(heavy.headers['x-cld-error']).toBe(
      'PDF page 1 needs more than 64 MB of memory to render (the maximum)',
    );
    expect((await get('w_100,f_png/docs/light')).statusCode).toBe(200);
  });
});

describe('transformation chains', () => {
  it('refuses more chained components than the limit, naming it', async () => {
    const { get } = await startService();
    const chain = Array.from({ length: 50 }, (_, index) => `w_${200 + index}`).join('/');
    const answer = await get(`${chain}/v1/photos/any.jpg`);
    expect(answer.statusCode).toBe(400);
    expect(answer.headers['x-cld-error']).toBe(
      'Too many chained transformations: 50 components; the maximum is 10',
    );
    expectCors(answer.headers);
  });

  it('refuses a chain processing more pixels than the limit, before decoding', async () => {
    const { upload, get } = await startService({ MEDIA_MAX_PROCESSED_PIXELS: '3000000' });
    const photo = await sharp({
      create: { width: 600, height: 400, channels: 3, background: '#336699' },
    })
      .jpeg()
      .toBuffer();
    await upload('photos/chain', photo, 'chain.jpg');
    const chain = Array.from({ length: 10 }, (_, index) => `w_${1000 - index}`).join('/');
    const answer = await get(`${chain}/photos/chain.jpg`);
    expect(answer.statusCode).toBe(400);
    expect(answer.headers['x-cld-error']).toMatch(
      /^Transformation too costly: it processes \d+ pixels; the maximum is 3000000$/,
    );
    expect((await get('w_300/w_200/photos/chain.jpg')).statusCode).toBe(200);
  });
});

describe('untransformed delivery', () => {
  it('scales an original past the output limit down to it, saying so, and serves others as they are', async () => {
    const { upload, get } = await startService();
    const create = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#aa3300' } })
        .png()
        .toBuffer();
    await upload('photos/large', await create(1500, 1000), 'large.png');
    await upload('photos/small', await create(600, 400), 'small.png');

    const large = await get('photos/large.png');
    expect(large.statusCode).toBe(200);
    expect(large.headers['x-media-downscaled']).toBe('1500x1000');
    const size = await sharp(large.rawPayload).metadata();
    expect(size.width * size.height).toBeLessThanOrEqual(1_000_000);
    expect(size.width / size.height).toBeCloseTo(1.5, 2);
    // A cached answer says so too.
    expect((await get('photos/large.png')).headers['x-media-downscaled']).toBe('1500x1000');

    const small = await get('photos/small.png');
    expect(small.headers['x-media-downscaled']).toBeUndefined();
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ width: 600, height: 400 });
  });
});

describe('malformed requests', () => {
  it('answers every error with x-cld-error and the CORS headers', async () => {
    const { origin } = await startService();
    const cases: [string, RegExp][] = [
      ['q_0/photos/x.jpg', /^Invalid transformation q_0: quality must be/],
      ['%E0%A4%A', /^Invalid URL: malformed percent-escape/],
      ['w_10/%zz.jpg', /^Invalid URL: malformed percent-escape/],
    ];
    for (const [pathname, reason] of cases) {
      const answer = await rawGet(origin, `/${CLOUD}/image/upload/${pathname}`);
      expect(answer.status, pathname).toBe(400);
      expect(answer.headers['x-cld-error'], pathname).toMatch(reason);
      expectCors(answer.headers);
    }
  });

  it('answers a truncated multipart upload with 400 and a clear message', async () => {
    const { app } = await startService();
    const boundary = 'coursepack-boundary';
    const payload = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="api_key"',
      '',
      KEY,
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="x.jpg"',
      'Content-Type: image/jpeg',
      '',
      'JFIF data cut off here',
    ].join('\r\n');
    const answer = await app.inject({
      method: 'POST',
      url: `/v1_1/${CLOUD}/image/upload`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      error: { message: 'Malformed multipart body: Unexpected end of multipart data' },
    });
  });
});

/**
 * Issue 29's low items: accepted input that answered 500, upload bodies read to their end
 * before any answer, and answers without `nosniff`.
 */
describe('second attack probe: accepted input never answers 500', () => {
  it('refuses a text layer too large to draw with 400 and the reason', async () => {
    const { upload, get } = await startService();
    const photo = await sharp({
      create: { width: 600, height: 400, channels: 3, background: '#336699' },
    })
      .jpeg()
      .toBuffer();
    await upload('photos/text', photo, 'text.jpg');
    // 200 wide letters at 200 pixels: about 38 000 pixels of text, whatever the font.
    for (const style of ['', '_bold']) {
      const answer = await get(`l_text:Arial_200${style}:${'W'.repeat(200)}/photos/text.jpg`);
      expect(answer.statusCode, style).toBe(400);
      expect(answer.headers['x-cld-error']).toBe(
        'Text layer too large to draw: l_text:Arial_200 with 200 characters (at most 32767 pixels a side); use a smaller size or less text',
      );
      expectCors(answer.headers);
    }
    expect((await get('l_text:Arial_40:Fine/photos/text.jpg')).statusCode).toBe(200);
  });

  it('blurs every frame of an animated GIF with e_blur:2000', async () => {
    const { upload, get } = await startService();
    const frames = 6;
    const [width, height] = [160, 120];
    const strip = Buffer.alloc(width * height * frames * 3);
    for (let index = 0; index < strip.length; index++) {
      const frame = Math.floor(index / (width * height * 3));
      // Each frame its own stripes, so no two frames are alike.
      strip[index] = ((index % (width * 3)) * (frame + 1)) % 256;
    }
    const gif = await sharp(strip, {
      raw: { width, height: height * frames, channels: 3, pageHeight: height },
    })
      .gif({ delay: Array(frames).fill(100) })
      .toBuffer();
    await upload('anim/stripes', gif, 'stripes.gif');

    for (const url of ['e_blur:2000/anim/stripes.gif', 'e_blur:2000,w_100/anim/stripes.webp']) {
      const answer = await get(url);
      expect(answer.statusCode, answer.headers['x-cld-error'] as string).toBe(200);
      const metadata = await sharp(answer.rawPayload, { animated: true }).metadata();
      expect(metadata.pages, url).toBeGreaterThan(1);
    }
  });

  it('refuses a truncated PNG at upload, naming the problem, and stores nothing', async () => {
    const { upload, get } = await startService();
    const avatar = await sharp({
      create: {
        width: 400,
        height: 400,
        channels: 3,
        background: '#000000',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    const truncated = avatar.subarray(0, Math.floor(avatar.byteLength * 0.6));
    await expect(upload('avatars/cut', truncated, 'cut.png')).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Invalid image file: the PNG data is truncated or corrupt/),
    });
    expect((await get('w_100/avatars/cut.png')).statusCode).toBe(404);
    // The whole file still uploads.
    await upload('avatars/whole', avatar, 'whole.png');
    expect((await get('w_100/avatars/whole.png')).statusCode).toBe(200);
  });
});

/** An upload request written by hand: headers now, the body as the test writes it. */
function openUpload(origin: string, headers: Record<string, string>) {
  const { hostname, port } = new URL(origin);
  const request = httpRequest({
    hostname,
    port,
    method: 'POST',
    path: `/v1_1/${CLOUD}/image/upload`,
    headers: { 'content-type': 'multipart/form-data; boundary=b', ...headers },
  });
  // Writes into a closed connection fail; the answer is what the test judges.
  request.on('error', () => {});
  const answered = new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve) => {
      request.on('response', (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      });
    },
  );
  const closed = new Promise<void>((resolve) => request.on('close', resolve));
  return { request, answered, closed };
}

describe('second attack probe: upload bodies are not read past the limit', () => {
  // MEDIA_MAX_UPLOAD_BYTES is 1000000 here: a body may have a third more (base64), and 1 MiB.
  const maxBody = Math.ceil((1_000_000 * 4) / 3) + 1024 * 1024;

  it('answers 413 at once when Content-Length says the body is too large', async () => {
    const { origin } = await startService();
    const twoGiB = 2 * 1024 ** 3;
    const { request, answered, closed } = openUpload(origin, {
      'content-length': String(twoGiB),
    });
    request.write('--b\r\n');
    const answer = await answered;
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      error: {
        message: `File size too large. The request body has ${twoGiB} bytes; the most accepted is ${maxBody} (files of up to 1000000 bytes).`,
      },
    });
    await closed;
  });

  it('stops reading a chunked body at the limit and closes the connection', async () => {
    const { origin } = await startService();
    const { request, answered, closed } = openUpload(origin, {});
    request.write(
      '--b\r\nContent-Disposition: form-data; name="file"; filename="x.jpg"\r\nContent-Type: image/jpeg\r\n\r\n',
    );
    let answer: Awaited<typeof answered> | undefined;
    void answered.then((value) => {
      answer = value;
    });
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    let written = 0;
    // Up to 32 times the limit, or until the service answers.
    while (answer === undefined && written < 32 * maxBody && !request.destroyed) {
      written += chunk.byteLength;
      if (!request.write(chunk)) {
        await Promise.race([
          new Promise((resolve) => request.once('drain', resolve)),
          answered,
          closed,
        ]);
      }
    }
    const { status, body } = await answered;
    expect(status).toBe(413);
    expect(JSON.parse(body).error.message).toBe(
      `File size too large. The request body passed ${maxBody} bytes, the most accepted (files of up to 1000000 bytes).`,
    );
    // Answered while the body was still coming: far below what the test was ready to send.
    expect(written).toBeLessThan(8 * maxBody);
    await closed;
  });
});

describe('second attack probe: nosniff on every answer', () => {
  it('sends X-Content-Type-Options: nosniff with originals, derivations, hot answers and errors', async () => {
    const { upload, origin } = await startService();
    await upload('docs/sniff', await manyPagePdf(1));
    const urls = [
      'docs/sniff.pdf',
      'w_100,pg_1/docs/sniff.jpg',
      // The second time from HotAnswers, before Fastify.
      'w_100,pg_1/docs/sniff.jpg',
      'w_abc/docs/sniff.jpg',
      'docs/missing.jpg',
    ];
    for (const url of urls) {
      const response = await fetch(`${origin}/${CLOUD}/image/upload/${url}`);
      await response.arrayBuffer();
      expect(response.headers.get('x-content-type-options'), url).toBe('nosniff');
    }
    const healthz = await fetch(`${origin}/healthz`);
    expect(healthz.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
