import sharp from 'sharp';
import { startTestMediaService, type TestMediaService } from './start-test-media-service';

/**
 * The real media service with the official `cloudinary` SDK pointed at it: what the Cloudinary
 * parity and transformation tests drive, and how they fetch and decode its answers.
 */

export type CloudinaryV2 = typeof import('cloudinary')['v2'];

export interface SdkSetup {
  service: TestMediaService;
  origin: string;
  cloudinary: CloudinaryV2;
  /** A delivery URL built by the SDK's `cloudinary.url`, on our service. */
  sdkUrl(publicId: string, options?: Record<string, unknown>): string;
}

export async function startWithSdk(env: Record<string, string>): Promise<SdkSetup> {
  const service = await startTestMediaService(env);
  const origin = service.credentials.apiBaseUrl;
  const { cloudName, apiKey, apiSecret } = service.credentials;
  // The SDK picks http or https from CLOUDINARY_URL when it loads: set it first, then import.
  process.env.CLOUDINARY_URL = `cloudinary://${apiKey}:${apiSecret}@${cloudName}?upload_prefix=${origin}`;
  const cloudinary = (await import('cloudinary')).v2;
  const cname = origin.replace('http://', '');
  return {
    service,
    origin,
    cloudinary,
    sdkUrl: (publicId, options = {}) =>
      cloudinary.url(publicId, { secure: false, cname, ...options }),
  };
}

export async function get(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

/** Raw pixels of an image answer; `at(x, y)` reads every channel of one pixel. */
export async function decode(body: Buffer, page = 0) {
  const { data, info } = await sharp(body, { page }).raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const offset = (y * info.width + x) * info.channels;
    return Array.from(data.subarray(offset, offset + info.channels));
  };
  return { width: info.width, height: info.height, at };
}

/** A PNG of two vertical halves, `left` and `right` (crops and rotations show in colour). */
export function halves(width: number, height: number, left: string, right: string) {
  return sharp({ create: { width, height, channels: 3, background: right } })
    .composite([
      {
        input: { create: { width: width / 2, height, channels: 3, background: left } },
        left: 0,
        top: 0,
      },
    ])
    .png()
    .toBuffer();
}

/** A three-frame looping GIF, 60×40 and 100 ms a frame unless told: red, green, blue. */
export async function animatedGif({ width = 60, height = 40, delay = 100 } = {}): Promise<Buffer> {
  const frames = await Promise.all(
    ['#ff0000', '#00ff00', '#0000ff'].map((colour) =>
      sharp({ create: { width, height, channels: 4, background: colour } })
        .raw()
        .toBuffer(),
    ),
  );
  return sharp(Buffer.concat(frames), {
    raw: { width, height: height * 3, channels: 4, pageHeight: height },
  })
    .gif({ delay: [delay, delay, delay], loop: 0 })
    .toBuffer();
}
