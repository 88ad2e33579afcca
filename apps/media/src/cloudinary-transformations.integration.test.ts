import { Cloudinary } from '@cloudinary/url-gen';
import { brightness, contrast, sharpen } from '@cloudinary/url-gen/actions/adjust';
import { blur, grayscale, pixelate, sepia } from '@cloudinary/url-gen/actions/effect';
import { max } from '@cloudinary/url-gen/actions/roundCorners';
import { getCldImageUrl } from 'next-cloudinary';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  animatedGif,
  type CloudinaryV2,
  decode,
  get,
  halves,
  type SdkSetup,
  startWithSdk,
} from './testing/cloudinary-sdk';
import type { TestMediaService } from './testing/start-test-media-service';

/**
 * Issue 15, the parameters that used to be refused: URLs built by the official `cloudinary`
 * SDK and by `@cloudinary/url-gen`, judged on decoded pixels.
 */

let service: TestMediaService;
let origin: string;
let cloudinary: CloudinaryV2;
let sdkUrl: SdkSetup['sdkUrl'];
let urlGen: Cloudinary;

/** 600×400: left half red, right half blue. */
const twoColour = () => halves(600, 400, '#ff0000', '#0000ff');
/** 100×100: left half grey 128, right half grey 192 (curves show as level changes). */
const greys = () => halves(100, 100, '#808080', '#c0c0c0');

function noise(): Promise<Buffer> {
  return sharp({
    create: {
      width: 100,
      height: 100,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
}

beforeAll(async () => {
  ({ service, origin, cloudinary, sdkUrl } = await startWithSdk({
    MEDIA_MAX_OUTPUT_PIXELS: '1000000',
    MEDIA_DERIVATION_BUDGET_MS: '30000',
  }));
  urlGen = new Cloudinary({
    cloud: { cloudName: service.credentials.cloudName },
    url: { secure: false, cname: origin.replace('http://', '') },
  });
  const upload = async (publicId: string, bytes: Buffer) =>
    cloudinary.uploader.upload(`data:image/png;base64,${bytes.toString('base64')}`, {
      public_id: publicId,
    });
  await upload('photos/two', await twoColour());
  await upload(
    'photos/two-jpeg',
    await sharp(await twoColour())
      .jpeg()
      .toBuffer(),
  );
  await upload('photos/greys', await greys());
  await upload('photos/noise', await noise());
  await upload('placeholders/avatar', await greys());
});

afterAll(async () => {
  await service?.close();
});

async function image(url: string, headers: Record<string, string> = {}) {
  const { response, body } = await get(url, headers);
  expect(response.status, `${url}: ${response.headers.get('x-cld-error')}`).toBe(200);
  return { response, body, ...(await decode(body)) };
}

function near(actual: number[], expected: number[], tolerance = 6): void {
  expected.forEach((channel, index) => {
    expect(
      Math.abs((actual[index] as number) - channel),
      `${actual} ≈ ${expected}`,
    ).toBeLessThanOrEqual(tolerance);
  });
}

const RED = [255, 0, 0];
const BLUE = [0, 0, 255];
const WHITE = [255, 255, 255];

describe('signed delivery URLs', () => {
  it('serves a URL signed by the SDK and refuses a tampered one with 401, not 404', async () => {
    const signed = sdkUrl('photos/two', {
      width: 60,
      crop: 'scale',
      sign_url: true,
      format: 'png',
    });
    expect(signed).toMatch(/\/s--[\w-]{8}--\//);
    expect((await image(signed)).width).toBe(60);

    const tampered = signed.replace('w_60', 'w_61');
    const refused = await get(tampered);
    expect(refused.response.status).toBe(401);
    expect(refused.response.headers.get('x-cld-error')).toMatch(/^Invalid URL signature s--/);

    const forMissing = sdkUrl('photos/none', { width: 60, sign_url: true });
    expect((await get(forMissing)).response.status).toBe(404);
    const badForMissing = forMissing.replace(/s--[\w-]{8}--/, 's--AAAAAAAA--');
    expect((await get(badForMissing)).response.status).toBe(401);
  });

  it('verifies long (SHA-256) signatures', async () => {
    const signed = sdkUrl('photos/two', {
      width: 30,
      sign_url: true,
      long_url_signature: true,
      format: 'png',
    });
    expect(signed).toMatch(/\/s--[\w-]{32}--\//);
    expect((await image(signed)).width).toBe(30);
  });
});

describe('flags and default images', () => {
  it('fl_attachment serves the stored bytes as a download', async () => {
    const { response, body } = await get(
      sdkUrl('photos/two', { flags: 'attachment', format: 'png' }),
    );
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="two.png"; filename*=UTF-8''two.png`,
    );
    expect(body.equals(await twoColour())).toBe(true);
    const named = await get(
      sdkUrl('photos/two', { flags: 'attachment:cover', width: 20, format: 'jpg' }),
    );
    expect(named.response.headers.get('content-disposition')).toMatch(/filename="cover\.jpg"/);
  });

  it('fl_progressive encodes a progressive JPEG', async () => {
    const plain = await get(sdkUrl('photos/two', { width: 100, format: 'jpg' }));
    const progressive = await get(
      sdkUrl('photos/two', { width: 100, flags: 'progressive', format: 'jpg' }),
    );
    expect((await sharp(plain.body).metadata()).isProgressive).toBe(false);
    expect((await sharp(progressive.body).metadata()).isProgressive).toBe(true);
  });

  it('d_ delivers the default image for a missing asset, transformed the same way', async () => {
    const url = sdkUrl('photos/missing', {
      width: 50,
      default_image: 'placeholders:avatar.png',
      format: 'png',
    });
    const fallback = await image(url);
    expect(fallback.width).toBe(50);
    near(fallback.at(5, 25), [128, 128, 128]);
    // The real asset may be uploaded later: never cached as final.
    expect(fallback.response.headers.get('cache-control')).toBe(
      'public, max-age=60, must-revalidate',
    );
    const unknown = await get(sdkUrl('photos/missing', { width: 50, default_image: 'nope.png' }));
    expect(unknown.response.status).toBe(404);
  });
});

describe('crop modes', () => {
  it('c_crop cuts the region at x,y without scaling', async () => {
    const crop = await image(
      sdkUrl('photos/two', { crop: 'crop', width: 100, height: 100, x: 250, y: 0, format: 'png' }),
    );
    expect([crop.width, crop.height]).toEqual([100, 100]);
    near(crop.at(10, 50), RED);
    near(crop.at(90, 50), BLUE);
    const east = await image(
      sdkUrl('photos/two', {
        crop: 'crop',
        width: 100,
        height: 100,
        gravity: 'east',
        format: 'png',
      }),
    );
    near(east.at(10, 50), BLUE);
  });

  it('c_lfill never enlarges; c_lpad pads a smaller image at its own size', async () => {
    const lfill = await image(
      sdkUrl('photos/two', { crop: 'lfill', width: 800, height: 100, format: 'png' }),
    );
    expect([lfill.width, lfill.height]).toEqual([600, 100]);
    const lpad = await image(
      sdkUrl('photos/two', {
        crop: 'lpad',
        width: 800,
        height: 800,
        background: 'rgb:00ff00',
        format: 'png',
      }),
    );
    expect([lpad.width, lpad.height]).toEqual([800, 800]);
    near(lpad.at(50, 50), [0, 255, 0]);
    near(lpad.at(101, 400), RED);
    near(lpad.at(698, 400), BLUE);
    const small = await image(
      sdkUrl('photos/two', { crop: 'lpad', width: 300, height: 300, format: 'png' }),
    );
    expect([small.width, small.height]).toEqual([300, 300]);
    near(small.at(150, 10), WHITE);
  });

  it('c_auto and g_face crop by attention and say so in x-media-approximation', async () => {
    const auto = await image(
      sdkUrl('photos/two', { crop: 'auto', width: 100, height: 100, format: 'png' }),
    );
    expect([auto.width, auto.height]).toEqual([100, 100]);
    expect(auto.response.headers.get('x-media-approximation')).toBe('c_auto=attention');
    const face = await image(
      sdkUrl('photos/two', {
        crop: 'thumb',
        gravity: 'face',
        width: 80,
        height: 80,
        format: 'png',
      }),
    );
    expect([face.width, face.height]).toEqual([80, 80]);
    expect(face.response.headers.get('x-media-approximation')).toBe('g_face=attention');
    const plain = await get(sdkUrl('photos/two', { width: 80, format: 'png' }));
    expect(plain.response.headers.get('x-media-approximation')).toBeNull();
  });
});

describe('client hints', () => {
  it('dpr_auto and w_auto follow Sec-CH-DPR and Sec-CH-Width, with Vary', async () => {
    const url = sdkUrl('photos/two', { width: 'auto', dpr: 'auto', crop: 'scale', format: 'png' });
    const hinted = await image(url, { 'sec-ch-dpr': '2', 'sec-ch-width': '250' });
    // 250 physical pixels at DPR 2 is 125 CSS pixels, rounded up to 200, times 2.
    expect(hinted.width).toBe(400);
    expect(hinted.response.headers.get('vary')).toBe('Sec-CH-DPR, Sec-CH-Width');
    const other = await image(url, { 'sec-ch-dpr': '1', 'sec-ch-width': '90' });
    expect(other.width).toBe(100);
    expect(other.response.headers.get('etag')).not.toBe(hinted.response.headers.get('etag'));

    const fallback = await image(sdkUrl('photos/two', { width: 'auto:100:300', format: 'png' }));
    expect(fallback.width).toBe(300);
    const dprOnly = await image(sdkUrl('photos/two', { width: 50, dpr: 'auto', format: 'png' }), {
      'sec-ch-dpr': '3',
    });
    expect(dprOnly.width).toBe(150);
  });
});

describe('effects (URLs from @cloudinary/url-gen)', () => {
  const url = (build: (image: ReturnType<Cloudinary['image']>) => unknown, id = 'photos/greys') => {
    const asset = urlGen.image(id).format('png');
    build(asset);
    return asset.toURL();
  };

  it('e_grayscale, e_sepia, e_brightness and e_contrast change levels as documented', async () => {
    const grey = await image(url((i) => i.effect(grayscale()), 'photos/two'));
    near(grey.at(10, 10), [54, 54, 54]);
    near(grey.at(590, 10), [18, 18, 18]);
    const toned = await image(url((i) => i.effect(sepia(100)), 'photos/two'));
    // Full sepia of pure red: the first column of the sepia matrix.
    near(toned.at(10, 10), [100, 89, 69]);
    const brighter = await image(url((i) => i.adjust(brightness(20))));
    near(brighter.at(10, 10), [179, 179, 179]);
    const contrasted = await image(url((i) => i.adjust(contrast(50))));
    near(contrasted.at(10, 10), [128, 128, 128]);
    near(contrasted.at(90, 10), [224, 224, 224]);
  });

  it('e_blur mixes the colours across an edge; e_sharpen steepens it', async () => {
    const sharpEdge = await image(url(() => undefined));
    const blurred = await image(url((i) => i.effect(blur(300))));
    expect(blurred.at(49, 50)[0]).toBeGreaterThan(sharpEdge.at(49, 50)[0] as number);
    expect(blurred.at(50, 50)[0]).toBeLessThan(sharpEdge.at(50, 50)[0] as number);
    const sharpened = await image(url((i) => i.adjust(sharpen(400))));
    expect(sharpened.at(48, 50)[0]).toBeLessThan(sharpEdge.at(48, 50)[0] as number);
  });

  it('a huge blur stays cheap (run on a downscaled copy) and keeps the size', async () => {
    const started = Date.now();
    const blurred = await image(url((i) => i.effect(blur(2000)), 'photos/two'));
    expect([blurred.width, blurred.height]).toEqual([600, 400]);
    expect(Date.now() - started).toBeLessThan(5_000);
    const middle = blurred.at(300, 200);
    expect(middle[0]).toBeGreaterThan(60);
    expect(middle[2]).toBeGreaterThan(60);
  });

  it('e_pixelate makes uniform blocks', async () => {
    const blocks = await image(url((i) => i.effect(pixelate(10)), 'photos/noise'));
    expect(blocks.at(0, 0)).toEqual(blocks.at(9, 9));
    expect(blocks.at(10, 10)).toEqual(blocks.at(19, 19));
    expect(blocks.at(0, 0)).not.toEqual(blocks.at(10, 10));
  });
});

describe('styling', () => {
  it('r_max cuts an ellipse (transparent corners in PNG, white in JPEG)', async () => {
    const png = await image(sdkUrl('photos/two', { radius: 'max', format: 'png' }));
    expect(png.at(2, 2)[3]).toBe(0);
    expect(png.at(150, 200)[3]).toBe(255);
    const jpg = await image(sdkUrl('photos/two', { radius: 40, format: 'jpg' }));
    near(jpg.at(1, 1), WHITE, 12);
    near(jpg.at(100, 200), RED, 12);
    const fromUrlGen = urlGen.image('photos/two').roundCorners(max()).format('png').toURL();
    expect((await image(fromUrlGen)).at(2, 2)[3]).toBe(0);
  });

  it('a_ rotates clockwise (90° swaps the sides), flips, and fills corners with b_', async () => {
    const turned = await image(sdkUrl('photos/two', { angle: 90, format: 'png' }));
    expect([turned.width, turned.height]).toEqual([400, 600]);
    near(turned.at(200, 10), RED);
    near(turned.at(200, 590), BLUE);
    const flipped = await image(sdkUrl('photos/two', { angle: 'hflip', format: 'png' }));
    near(flipped.at(10, 10), BLUE);
    const tilted = await image(
      sdkUrl('photos/two', { angle: 45, background: 'rgb:00ff00', format: 'png' }),
    );
    expect(tilted.width).toBe(707);
    near(tilted.at(2, 2), [0, 255, 0]);
  });

  it('b_ colours c_pad padding; bo_ adds a border; o_ sets opacity', async () => {
    const padded = await image(
      sdkUrl('photos/two', {
        crop: 'pad',
        width: 300,
        height: 300,
        background: 'black',
        format: 'png',
      }),
    );
    near(padded.at(150, 5), [0, 0, 0]);
    const bordered = await image(
      sdkUrl('photos/two', { border: '5px_solid_rgb:00ff00', format: 'png' }),
    );
    expect([bordered.width, bordered.height]).toEqual([610, 410]);
    near(bordered.at(2, 200), [0, 255, 0]);
    near(bordered.at(10, 200), RED);
    const framed = await image(
      // A JPEG source has no alpha band for o_ to scale until one is added.
      sdkUrl('photos/two-jpeg', { border: '4px_solid_black', opacity: 60, format: 'png' }),
    );
    expect(Math.abs((framed.at(1, 1)[3] as number) - 153)).toBeLessThanOrEqual(1);
    const faded = await image(sdkUrl('photos/two', { opacity: 50, format: 'png' }));
    expect(Math.abs((faded.at(10, 10)[3] as number) - 128)).toBeLessThanOrEqual(1);
  });
});

describe('limits hold for effects and styling', () => {
  it('counts borders and rotations against the output limit', async () => {
    // 1000×1000 is the limit: a 1000-wide square plus a border, or turned 45°, is more.
    const bordered = await get(
      sdkUrl('photos/two', { width: 1000, height: 1000, crop: 'fill', border: '10px_solid_red' }),
    );
    expect(bordered.response.status).toBe(400);
    expect(bordered.response.headers.get('x-cld-error')).toMatch(
      /^Maximum image size exceeded: 1020x1020/,
    );
    const turned = await get(
      sdkUrl('photos/two', { width: 900, height: 900, crop: 'fill', angle: 45 }),
    );
    expect(turned.response.status).toBe(400);
    expect(turned.response.headers.get('x-cld-error')).toMatch(/^Maximum image size exceeded/);
  });

  it('refuses out-of-range values with a clean 400', async () => {
    for (const [component, reason] of [
      ['e_blur:99999', /blur level/],
      ['r_-1', /radius/],
      ['bo_1000px_solid_red', /border/],
      ['o_500', /opacity/],
      ['b_notacolour', /colour/],
    ] as const) {
      const answer = await get(`${origin}/coursepack/image/upload/${component}/photos/two.png`);
      expect(answer.response.status, component).toBe(400);
      expect(answer.response.headers.get('x-cld-error'), component).toMatch(reason);
    }
  });
});

describe('layers (l_ with fl_layer_apply)', () => {
  /** Pixels in a region that are close to `colour`. */
  function count(
    decoded: Awaited<ReturnType<typeof image>>,
    region: { left: number; top: number; width: number; height: number },
    colour: number[],
  ): number {
    let matches = 0;
    for (let y = region.top; y < region.top + region.height; y++) {
      for (let x = region.left; x < region.left + region.width; x++) {
        const pixel = decoded.at(x, y);
        if (colour.every((channel, index) => Math.abs((pixel[index] as number) - channel) < 40)) {
          matches++;
        }
      }
    }
    return matches;
  }

  it('draws text in the font, size and colour asked for, where it is placed', async () => {
    const text = (size: number, gravity: string) =>
      sdkUrl('photos/two', {
        transformation: [
          {
            overlay: {
              font_family: 'Arial',
              font_size: size,
              font_weight: 'bold',
              text: 'Hi, you/all',
            },
            color: '#00ff00',
          },
          { flags: 'layer_apply', gravity, x: 10, y: 10 },
        ],
        format: 'png',
      });
    const small = await image(text(30, 'north_west'));
    const GREEN = [0, 255, 0];
    const inCorner = count(small, { left: 0, top: 0, width: 300, height: 60 }, GREEN);
    expect(inCorner).toBeGreaterThan(100);
    expect(count(small, { left: 0, top: 300, width: 600, height: 100 }, GREEN)).toBe(0);
    const large = await image(text(60, 'north_west'));
    expect(count(large, { left: 0, top: 0, width: 600, height: 120 }, GREEN)).toBeGreaterThan(
      3 * inCorner,
    );
    const south = await image(text(30, 'south'));
    expect(count(south, { left: 0, top: 0, width: 600, height: 300 }, GREEN)).toBe(0);
    expect(count(south, { left: 0, top: 330, width: 600, height: 70 }, GREEN)).toBeGreaterThan(100);
  });

  it('composites an uploaded image, transformed by its own components, at the gravity and offsets', async () => {
    const { source } = await import('@cloudinary/url-gen/actions/overlay');
    const { image: layerImage } = await import('@cloudinary/url-gen/qualifiers/source');
    const { Position } = await import('@cloudinary/url-gen/qualifiers/position');
    const { compass } = await import('@cloudinary/url-gen/qualifiers/gravity');
    const { scale } = await import('@cloudinary/url-gen/actions/resize');
    const { Transformation } = await import('@cloudinary/url-gen');
    const url = urlGen
      .image('photos/two')
      .overlay(
        source(
          layerImage('photos/greys').transformation(new Transformation().resize(scale().width(50))),
        ).position(new Position().gravity(compass('south_east')).offsetX(5).offsetY(5)),
      )
      .format('png')
      .toURL();
    expect(url).toContain('/l_photos:greys/c_scale,w_50/fl_layer_apply,g_south_east,x_5,y_5/');
    const layered = await image(url);
    expect([layered.width, layered.height]).toEqual([600, 400]);
    near(layered.at(555, 355), [128, 128, 128]);
    near(layered.at(585, 355), [192, 192, 192]);
    near(layered.at(500, 355), BLUE);
    near(layered.at(598, 398), BLUE);
  });

  it('clips a layer reaching past the edge, and refuses what would break the limits', async () => {
    const past = await image(
      sdkUrl('photos/two', {
        overlay: 'photos:greys',
        gravity: 'north_west',
        x: -30,
        y: -30,
        format: 'png',
      }),
    );
    // The layer's 30 leftmost columns are cut: its grey halves meet at x = 20.
    near(past.at(10, 10), [128, 128, 128]);
    near(past.at(30, 10), [192, 192, 192]);
    near(past.at(80, 80), RED);
    const tooLong = await get(
      `${origin}/coursepack/image/upload/l_text:Arial_20:${'x'.repeat(201)}/photos/two.png`,
    );
    expect(tooLong.response.status).toBe(400);
    expect(tooLong.response.headers.get('x-cld-error')).toMatch(/at most 200 characters/);
    const huge = await get(
      `${origin}/coursepack/image/upload/l_photos:greys,w_1100,h_1100,c_scale/photos/two.png`,
    );
    expect(huge.response.status).toBe(400);
    expect(huge.response.headers.get('x-cld-error')).toMatch(/^Maximum image size exceeded/);
    const missing = await get(`${origin}/coursepack/image/upload/l_nope/photos/two.png`);
    expect(missing.response.status).toBe(404);
    expect(missing.response.headers.get('x-cld-error')).toBe('Resource not found - nope');
  });
});

describe('named transformations (t_) through the admin API', () => {
  it('creates, applies, updates and deletes a named transformation with the SDK', async () => {
    await expect(
      cloudinary.api.create_transformation('square-thumb', 'c_fill,h_40,w_40/e_grayscale'),
    ).resolves.toMatchObject({ message: 'created' });
    const url = sdkUrl('photos/two', { transformation: 'square-thumb', format: 'png' });
    expect(url).toContain('/t_square-thumb/');
    const thumb = await image(url);
    expect([thumb.width, thumb.height]).toEqual([40, 40]);
    near(thumb.at(2, 20), [54, 54, 54]);
    // The definition may change: never served as final.
    expect(thumb.response.headers.get('cache-control')).toBe('public, max-age=60, must-revalidate');

    await expect(cloudinary.api.transformation('square-thumb')).resolves.toMatchObject({
      name: 't_square-thumb',
      transformation: 'c_fill,h_40,w_40/e_grayscale',
    });
    await cloudinary.api.update_transformation('square-thumb', {
      unsafe_update: 'c_fill,h_20,w_30',
    });
    const updated = await image(url);
    expect([updated.width, updated.height]).toEqual([30, 20]);
    near(updated.at(2, 10), RED);

    await expect(cloudinary.api.delete_transformation('square-thumb')).resolves.toMatchObject({
      message: 'deleted',
    });
    // Records are re-read at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const gone = await get(url);
    expect(gone.response.status).toBe(400);
    expect(gone.response.headers.get('x-cld-error')).toMatch(
      /no named transformation "square-thumb"/,
    );
  });

  it('refuses bad definitions, duplicates and wrong credentials', async () => {
    await expect(cloudinary.api.create_transformation('bad', 'e_blur:99999')).rejects.toMatchObject(
      {
        error: { http_code: 400, message: expect.stringMatching(/blur level/) },
      },
    );
    await expect(cloudinary.api.create_transformation('nested', 't_other')).rejects.toMatchObject({
      error: { http_code: 400 },
    });
    await cloudinary.api.create_transformation('twice', 'w_10');
    await expect(cloudinary.api.create_transformation('twice', 'w_20')).rejects.toMatchObject({
      error: { http_code: 409 },
    });
    const anonymous = await fetch(`${origin}/v1_1/coursepack/transformations`, {
      method: 'POST',
      body: new URLSearchParams({ name: 'x', transformation: 'w_10' }),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("next-cloudinary's getCldImageUrl (what <CldImage> requests)", () => {
  const cldUrl = (options: Parameters<typeof getCldImageUrl>[0]) =>
    getCldImageUrl(options, {
      cloud: { cloudName: service.credentials.cloudName },
      url: { secure: false, cname: origin.replace('http://', '') },
    });

  it('serves blur, radius, a text overlay and dpr="auto" together', async () => {
    const url = cldUrl({
      src: 'photos/two',
      width: 300,
      height: 200,
      crop: 'fill',
      blur: '300',
      radius: 40,
      dpr: 'auto',
      overlays: [
        {
          text: { text: 'Week 1', fontFamily: 'Arial', fontSize: 40, color: 'white' },
          position: { gravity: 'south', y: 10 },
        },
      ],
    });
    expect(url).toContain('fl_layer_apply,fl_no_overflow');
    const answer = await image(url, { accept: 'image/webp', 'sec-ch-dpr': '2' });
    expect(answer.response.headers.get('content-type')).toBe('image/webp');
    expect(answer.response.headers.get('vary')).toBe('Accept, Sec-CH-DPR');
    expect([answer.width, answer.height]).toEqual([600, 400]);
    // Rounded corners: transparent; the blur mixes red and blue in the middle.
    expect(answer.at(1, 1)[3]).toBe(0);
    const middle = answer.at(300, 150);
    expect(middle[0]).toBeGreaterThan(40);
    expect(middle[2]).toBeGreaterThan(40);
    // White text near the bottom, none at the top.
    const white = (y0: number, y1: number) => {
      let found = 0;
      for (let y = y0; y < y1; y++) {
        for (let x = 100; x < 500; x++) {
          const [r, g, b] = answer.at(x, y) as [number, number, number];
          if (r > 230 && g > 230 && b > 230) found++;
        }
      }
      return found;
    };
    expect(white(300, 390)).toBeGreaterThan(100);
    expect(white(20, 150)).toBe(0);
  });

  it('keeps an animated GIF animated with its default f_auto', async () => {
    await cloudinary.uploader.upload(
      `data:image/gif;base64,${(await animatedGif()).toString('base64')}`,
      {
        public_id: 'anim/cld',
      },
    );
    const url = cldUrl({ src: 'anim/cld', width: 30 });
    expect(url).toContain('/f_auto/');
    const webp = await get(url, { accept: 'image/avif,image/webp,*/*' });
    expect(await sharp(webp.body).metadata()).toMatchObject({
      format: 'webp',
      pages: 3,
      width: 30,
    });
    const gif = await get(url, { accept: 'image/png,*/*' });
    expect(await sharp(gif.body).metadata()).toMatchObject({ format: 'gif', pages: 3 });
  });
});

describe('dpr_ alone in a component', () => {
  /** 600×400 one-pixel black and white columns: any resampling turns them grey. */
  async function stripes(): Promise<Buffer> {
    const row = Buffer.from(Array.from({ length: 600 }, (_, x) => (x % 2 === 0 ? 0 : 255)));
    const pixels = Buffer.concat(Array.from({ length: 400 }, () => row));
    return sharp(pixels, { raw: { width: 600, height: 400, channels: 1 } })
      .png()
      .toBuffer();
  }

  beforeAll(async () => {
    await cloudinary.uploader.upload(
      `data:image/png;base64,${(await stripes()).toString('base64')}`,
      { public_id: 'photos/stripes' },
    );
  });

  it('renders the chain before it at that density from the source, not enlarged after', async () => {
    const url = sdkUrl('photos/stripes', {
      transformation: [{ width: 300, crop: 'scale' }, { dpr: '2.0' }],
      format: 'png',
    });
    expect(url).toContain('/c_scale,w_300/dpr_2.0/');
    const answer = await image(url);
    expect([answer.width, answer.height]).toEqual([600, 400]);
    // Made at 600 from the 600-wide source: the columns survive (an enlarged 300 is grey).
    expect(Math.abs((answer.at(10, 10)[0] as number) - (answer.at(11, 10)[0] as number))).toBe(255);
    // The same image as writing the DPR in the component itself.
    const inline = await image(sdkUrl('photos/stripes', { width: 300, dpr: '2.0', format: 'png' }));
    expect(answer.body.equals(inline.body)).toBe(true);
  });

  it('scales the pixel sizes after the first resize too (a crop keeps its region)', async () => {
    const url = sdkUrl('photos/two', {
      transformation: [
        { width: 100, height: 100, crop: 'fill' },
        { width: 30, height: 100, crop: 'crop', gravity: 'north_west' },
        { dpr: '2.0' },
      ],
      format: 'png',
    });
    const answer = await image(url);
    expect([answer.width, answer.height]).toEqual([60, 200]);
    // fill keeps the middle of the red/blue halves: the left 30 of 100 are red.
    near(answer.at(55, 100), RED);
  });

  it('scales the image made so far when nothing before it sizes the image', async () => {
    const url = sdkUrl('photos/greys', {
      transformation: [{ effect: 'grayscale' }, { dpr: '1.5' }],
      format: 'png',
    });
    const answer = await image(url);
    expect([answer.width, answer.height]).toEqual([150, 150]);
  });
});

describe('dpr_ scales what is measured in pixels', () => {
  type Transformation = Record<string, unknown>;
  const fill = (size: number): Transformation => ({ width: size, height: size, crop: 'fill' });
  const text = (size: number, y: number): Transformation[] => [
    { overlay: { font_family: 'Arial', font_size: size, text: 'Week 1' }, color: 'white' },
    { flags: 'layer_apply', gravity: 'south', y },
  ];
  /** Each case: at dpr_2.0, and the same picture written at twice the pixels. */
  const cases: [string, Transformation[], Transformation[]][] = [
    [
      'r_ in the same component',
      [{ ...fill(100), radius: 20, dpr: '2.0' }],
      [{ ...fill(200), radius: 40 }],
    ],
    [
      'bo_ in the same component',
      [{ width: 100, crop: 'scale', border: '5px_solid_rgb:00ff00', dpr: '2.0' }],
      [{ width: 200, crop: 'scale', border: '10px_solid_rgb:00ff00' }],
    ],
    [
      'e_blur in the same component',
      [{ ...fill(100), effect: 'blur:300', dpr: '2.0' }],
      [{ ...fill(200), effect: 'blur:600' }],
    ],
    [
      'e_pixelate in the same component',
      [{ ...fill(100), effect: 'pixelate:5', dpr: '2.0' }],
      [{ ...fill(200), effect: 'pixelate:10' }],
    ],
    [
      'r_, e_blur and e_pixelate in later components, dpr_ alone',
      [fill(100), { effect: 'pixelate:5' }, { radius: 20 }, { effect: 'blur:100' }, { dpr: '2.0' }],
      [fill(200), { effect: 'pixelate:10' }, { radius: 40 }, { effect: 'blur:200' }],
    ],
    [
      "a text layer's size and offsets, dpr_ alone",
      [fill(100), ...text(20, 5), { dpr: '2.0' }],
      [fill(200), ...text(40, 10)],
    ],
  ];

  it.each(cases)(
    '%s: the same picture as the 1x URL at twice the pixels',
    async (_, atDpr, doubled) => {
      const dense = await image(sdkUrl('photos/two', { transformation: atDpr, format: 'png' }));
      const written = await image(sdkUrl('photos/two', { transformation: doubled, format: 'png' }));
      expect([dense.width, dense.height]).toEqual([written.width, written.height]);
      expect(dense.body.equals(written.body)).toBe(true);
    },
  );

  it('leaves strengths alone: e_sharpen and e_brightness are not pixel sizes', async () => {
    const url = (transformation: Transformation[]) =>
      sdkUrl('photos/noise', { transformation, format: 'png' });
    for (const effect of ['sharpen:300', 'brightness:40']) {
      const dense = await image(url([{ width: 50, crop: 'scale', effect, dpr: '2.0' }]));
      const written = await image(url([{ width: 100, crop: 'scale', effect }]));
      expect(dense.body.equals(written.body)).toBe(true);
    }
  });
});

describe('animations, frame by frame', () => {
  const frames = async (body: Buffer) => {
    const metadata = await sharp(body).metadata();
    const decoded = await Promise.all(
      Array.from({ length: metadata.pages ?? 1 }, (_, page) => decode(body, page)),
    );
    return { metadata, decoded };
  };
  /** Frame 1: one-pixel black and white columns; frame 2: red. 40×40. */
  async function stripedAnimation(): Promise<Buffer> {
    const stripes = Buffer.alloc(40 * 40 * 4);
    const red = Buffer.alloc(40 * 40 * 4);
    for (let i = 0; i < 40 * 40; i++) {
      const value = (i % 40) % 2 === 0 ? 0 : 255;
      stripes.set([value, value, value, 255], i * 4);
      red.set([255, 0, 0, 255], i * 4);
    }
    return sharp(Buffer.concat([stripes, red]), {
      raw: { width: 40, height: 80, channels: 4, pageHeight: 40 },
    })
      .gif({ delay: [200, 300], loop: 0 })
      .toBuffer();
  }
  const dataUri = (gif: Buffer) => `data:image/gif;base64,${gif.toString('base64')}`;

  beforeAll(async () => {
    await cloudinary.uploader.upload(dataUri(await animatedGif()), { public_id: 'anim/rgb' });
    await cloudinary.uploader.upload(dataUri(await stripedAnimation()), {
      public_id: 'anim/stripes',
    });
  });

  it('borders and rounds every frame, keeping the frames and their timing', async () => {
    const url = sdkUrl('anim/rgb', { border: '5px_solid_black', radius: 12, format: 'webp' });
    expect(url).toContain('/bo_5px_solid_black,r_12/');
    const { metadata, decoded } = await frames((await image(url)).body);
    expect(metadata).toMatchObject({ format: 'webp', pages: 3, width: 70, height: 50 });
    expect(metadata.delay).toEqual([100, 100, 100]);
    for (const [index, colour] of [RED, [0, 255, 0], BLUE].entries()) {
      const frame = decoded[index] as Awaited<ReturnType<typeof decode>>;
      near(frame.at(35, 25), colour);
      near(frame.at(2, 25).slice(0, 3), [0, 0, 0], 20);
      // Each frame's own corners are cut, not only the strip's.
      expect(frame.at(0, 0)[3]).toBe(0);
      expect(frame.at(69, 49)[3]).toBe(0);
    }
  });

  it('turns every frame (a_90 swaps the sides, a_45 grows each frame)', async () => {
    const quarter = await frames(
      (await image(sdkUrl('anim/rgb', { angle: 90, format: 'gif' }))).body,
    );
    expect(quarter.metadata).toMatchObject({ pages: 3, width: 40, height: 60 });
    near((quarter.decoded[1] as Awaited<ReturnType<typeof decode>>).at(20, 30), [0, 255, 0]);
    const turned = await frames(
      (await image(sdkUrl('anim/rgb', { angle: 45, format: 'webp' }))).body,
    );
    expect(turned.metadata.pages).toBe(3);
    expect(turned.metadata.width).toBe(71);
    const last = turned.decoded[2] as Awaited<ReturnType<typeof decode>>;
    near(last.at(35, 35), BLUE);
    expect(last.at(0, 0)[3]).toBe(0);
  });

  it('pixelates every frame on its own', async () => {
    const url = sdkUrl('anim/stripes', { effect: 'pixelate:10', format: 'gif' });
    const { metadata, decoded } = await frames((await image(url)).body);
    expect(metadata).toMatchObject({ pages: 2, width: 40, height: 40 });
    expect(metadata.delay).toEqual([200, 300]);
    // The columns become grey blocks; the red frame stays red (no stripes leak across frames).
    const [grey] = (decoded[0] as Awaited<ReturnType<typeof decode>>).at(5, 5);
    expect(grey).toBeGreaterThan(80);
    expect(grey).toBeLessThan(180);
    near((decoded[1] as Awaited<ReturnType<typeof decode>>).at(5, 5), RED, 10);
  });

  it('draws a text layer on every frame', async () => {
    const url = sdkUrl('anim/rgb', {
      transformation: [
        { width: 120 },
        { overlay: { font_family: 'Arial', font_size: 30, text: 'Hi' }, color: 'white' },
      ],
      // GIF: a palette keeps the white exact (lossy WebP bleeds the green into it).
      format: 'gif',
    });
    expect(url).toContain('l_text:Arial_30:Hi');
    const { metadata, decoded } = await frames((await image(url)).body);
    expect(metadata).toMatchObject({ pages: 3, width: 120, height: 80 });
    for (const [index, colour] of [RED, [0, 255, 0], BLUE].entries()) {
      const frame = decoded[index] as Awaited<ReturnType<typeof decode>>;
      near(frame.at(2, 2), colour);
      let white = 0;
      for (let y = 20; y < 60; y++) {
        for (let x = 30; x < 90; x++) if (Math.min(...frame.at(x, y).slice(0, 3)) > 220) white++;
      }
      expect(white, `frame ${index}`).toBeGreaterThan(20);
    }
  });

  it('counts every frame against the processing limit', async () => {
    const limited = await startWithSdk({ MEDIA_MAX_PROCESSED_PIXELS: '10000' });
    try {
      // The SDK module keeps the first service's upload address: upload with our client.
      const { uploadAsset } = await import('@coursepack/images/upload-asset');
      await uploadAsset(limited.service.credentials, {
        file: await animatedGif(),
        filename: 'a.gif',
        publicId: 'anim/limited',
      });
      // 64×44 with the border, decoded twice (the border works on a copy): 5632 per frame.
      const one = await get(
        limited.sdkUrl('anim/limited', { border: '2px_solid_black', page: 1, format: 'png' }),
      );
      expect(one.response.status).toBe(200);
      const all = await get(
        limited.sdkUrl('anim/limited', { border: '2px_solid_black', format: 'gif' }),
      );
      expect(all.response.status).toBe(400);
      expect(all.response.headers.get('x-cld-error')).toMatch(/^Transformation too costly/);
    } finally {
      await limited.service.close();
    }
  });
});
