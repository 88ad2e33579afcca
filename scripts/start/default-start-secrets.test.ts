import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MediaApiError, uploadAsset } from '@coursepack/images/upload-asset';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMediaApp } from '../../apps/media/src/app';
import { readConfiguration } from './read-configuration';

// Issue 29: the quickstart's media API took the pair published in the source, so anyone could
// overwrite any asset (the demo course cover was replaced) and use the admin API.
const PUBLISHED_KEY = 'coursepack-dev-key';
const PUBLISHED_SECRET = 'coursepack-dev-secret';

let dataDir: string;
let media: FastifyInstance;
let origin: string;
let configuration: ReturnType<typeof readConfiguration>;

const square = (background: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .png()
    .toBuffer();

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'coursepack-default-start-'));
  // What `npm start` runs the media service with when nothing is configured.
  configuration = readConfiguration({ DATA_DIR: dataDir });
  media = await buildMediaApp(configuration.media);
  origin = await media.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await media?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the media API of a default start', () => {
  const credentials = (apiKey: string, apiSecret: string) => ({
    apiBaseUrl: origin,
    cloudName: configuration.media.cloudName,
    apiKey,
    apiSecret,
  });

  it('takes uploads signed with the generated credentials npm start hands every part', async () => {
    const { MEDIA_API_KEY, MEDIA_API_SECRET } = configuration.secrets;
    expect(configuration.web.mediaApi).toMatchObject({
      apiKey: MEDIA_API_KEY,
      apiSecret: MEDIA_API_SECRET,
    });
    expect(configuration.worker.mediaApi).toMatchObject({
      apiKey: MEDIA_API_KEY,
      apiSecret: MEDIA_API_SECRET,
    });
    const uploaded = await uploadAsset(credentials(MEDIA_API_KEY, MEDIA_API_SECRET), {
      file: await square('#3366cc'),
      filename: 'cover.png',
      publicId: 'courses/cover',
      resourceType: 'image',
    });
    expect(uploaded).toMatchObject({ public_id: 'courses/cover', width: 64, height: 48 });
  });

  it('refuses the published pair: no overwritten asset', async () => {
    const attempt = uploadAsset(credentials(PUBLISHED_KEY, PUBLISHED_SECRET), {
      file: await sharp({ create: { width: 10, height: 10, channels: 3, background: '#f00' } })
        .png()
        .toBuffer(),
      filename: 'defaced.png',
      publicId: 'courses/cover',
      resourceType: 'image',
    });
    await expect(attempt).rejects.toBeInstanceOf(MediaApiError);
    await expect(attempt).rejects.toMatchObject({ status: 401 });
    const cover = await fetch(`${origin}/coursepack/image/upload/courses/cover.png`);
    expect(cover.status).toBe(200);
    expect(await sharp(Buffer.from(await cover.arrayBuffer())).metadata()).toMatchObject({
      width: 64,
      height: 48,
    });
  });

  it('opens the admin API to the generated credentials only', async () => {
    const list = (key: string, secret: string) =>
      fetch(`${origin}/v1_1/${configuration.media.cloudName}/transformations`, {
        headers: { authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}` },
      });
    const refused = await list(PUBLISHED_KEY, PUBLISHED_SECRET);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({
      error: { message: 'Invalid credentials: use the API key and secret' },
    });
    const { MEDIA_API_KEY, MEDIA_API_SECRET } = configuration.secrets;
    expect((await list(MEDIA_API_KEY, MEDIA_API_SECRET)).status).toBe(200);
  });
});
