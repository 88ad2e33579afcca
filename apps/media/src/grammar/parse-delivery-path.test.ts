import { describe, expect, it } from 'vitest';
import { MediaError } from '../media-error';
import { parseDeliveryPath } from './parse-delivery-path';

function errorOf(path: string): MediaError {
  try {
    parseDeliveryPath(path);
  } catch (error) {
    if (error instanceof MediaError) return error;
    throw error;
  }
  throw new Error(`${path} parsed`);
}

describe('parseDeliveryPath', () => {
  it('parses transformations, version, folders and extension', () => {
    const parsed = parseDeliveryPath(
      '/demo/image/upload/c_fill,g_auto,w_300,h_200/v17/docs/a.b.jpg',
    );
    expect(parsed).toMatchObject({
      cloudName: 'demo',
      version: 17,
      publicId: 'docs/a.b',
      extension: 'jpg',
      quality: 'good',
      page: undefined,
      transformed: true,
      steps: [
        {
          crop: 'fill',
          gravity: 'auto',
          width: { kind: 'px', value: 300 },
          height: { kind: 'px', value: 200 },
        },
      ],
    });
  });

  it('chains components and keeps format, quality and page global', () => {
    const parsed = parseDeliveryPath(
      '/d/image/upload/pg_3,w_0.5/c_limit,h_100/q_auto:eco,f_auto/x',
    );
    expect(parsed.steps).toEqual([
      { width: { kind: 'relative', value: 0.5 } },
      { crop: 'limit', height: { kind: 'px', value: 100 } },
    ]);
    expect(parsed).toMatchObject({ page: 3, quality: 'eco', format: 'auto', publicId: 'x' });
  });

  it('gives the same canonical key to the same meaning', () => {
    const a = parseDeliveryPath('/d/image/upload/w_640,f_auto/x').canonical;
    const b = parseDeliveryPath('/d/image/upload/f_auto,w_640/v3/x').canonical;
    expect(a).toBe(b);
    expect(parseDeliveryPath('/d/image/upload/w_641,f_auto/x').canonical).not.toBe(a);
  });

  it('reads ar_, dpr_ and q_ values', () => {
    const { steps, quality } = parseDeliveryPath('/d/image/upload/ar_16:9,dpr_2.0,w_100,q_55/x');
    expect(steps[0]).toMatchObject({ aspectRatio: 16 / 9, dpr: 2 });
    expect(quality).toBe(55);
    expect(parseDeliveryPath('/d/image/upload/ar_1.5,w_1/x').steps[0]?.aspectRatio).toBe(1.5);
  });

  it('treats a folder that is not a transformation as part of the public id', () => {
    expect(parseDeliveryPath('/d/image/upload/course_covers/x.png').publicId).toBe(
      'course_covers/x',
    );
    expect(parseDeliveryPath('/d/image/upload/w_10/course_covers/x').publicId).toBe(
      'course_covers/x',
    );
  });

  it.each([
    ['w_abc', /w_abc/],
    ['w_0', /w_0/],
    ['w_99999', /16384/],
    ['w_1.5', /fraction/],
    ['h_-1', /h_-1/],
    ['c_bogus', /crop mode/],
    ['q_0', /quality/],
    ['q_101', /quality/],
    ['f_exe', /format/],
    ['dpr_9', /dpr/],
    ['ar_0:1', /ar_0:1/],
    ['ar_1:0', /ar_1:0/],
    ['pg_0', /page/],
    ['pg_abc', /page/],
    ['w_1,w_2', /twice/],
    ['w_10,zz_1', /unknown parameter/],
  ])('rejects %s as an invalid transformation', (component, reason) => {
    const error = errorOf(`/d/image/upload/${component}/v1/x.jpg`);
    expect(error.code).toBe('invalid_transformation');
    expect(error.status).toBe(400);
    expect(error.message).toMatch(reason);
  });

  it.each([
    ['u_logo', /this service implements/],
    ['c_mpad', /use fill/],
    ['g_ocr_text', /use auto, face/],
    ['e_cartoonify', /the effects implemented are blur/],
    ['fl_lossy', /the flags implemented are attachment/],
  ])(
    'rejects %s, a Cloudinary parameter this service does not support, saying what it does',
    (component, says) => {
      const error = errorOf(`/d/image/upload/${component}/v1/x.jpg`);
      expect(error.code).toBe('unsupported_transformation');
      expect(error.status).toBe(400);
      expect(error.message).toMatch(new RegExp(`^Unsupported .*${component}`));
      expect(error.message).toMatch(says);
    },
  );

  it.each([
    ['e_blur:5000', /blur level must be a whole number from 1 to 2000/],
    ['e_grayscale:3', /grayscale takes no level/],
    ['r_9999', /radius/],
    ['a_720', /angle/],
    ['bo_500px_solid_red', /border/],
    ['b_chartreuse2', /colour/],
    ['o_101', /opacity/],
    ['x_abc', /whole number of pixels/],
    ['fl_attachment:../x', /attachment name/],
  ])('bounds %s', (component, reason) => {
    const error = errorOf(`/d/image/upload/${component}/v1/x.jpg`);
    expect(error.code).toBe('invalid_transformation');
    expect(error.message).toMatch(reason);
  });

  it('reads effects, styling, flags, default images and signatures', () => {
    const parsed = parseDeliveryPath(
      '/d/image/upload/s--AbCd_-12--/c_crop,w_10,h_20,x_3,y_4/e_sepia,r_max,bo_2px_solid_rgb:f00,b_white/fl_attachment:cover.progressive,d_folder:missing.png/v5/a/b.jpg',
    );
    expect(parsed.steps).toEqual([
      {
        crop: 'crop',
        width: { kind: 'px', value: 10 },
        height: { kind: 'px', value: 20 },
        x: 3,
        y: 4,
      },
      {
        effect: { name: 'sepia', level: 80 },
        radius: 'max',
        border: { width: 2, colour: '#ff0000ff' },
        background: '#ffffffff',
      },
    ]);
    expect(parsed.flags).toEqual({ attachment: 'cover', progressive: true });
    expect(parsed.defaultImage).toBe('folder/missing.png');
    expect(parsed.signature).toEqual({
      value: 'AbCd_-12',
      signed:
        'c_crop,w_10,h_20,x_3,y_4/e_sepia,r_max,bo_2px_solid_rgb:f00,b_white/fl_attachment:cover.progressive,d_folder:missing.png/a/b.jpg',
    });
  });

  it('folds l_ and the components up to fl_layer_apply into one layer step', () => {
    const parsed = parseDeliveryPath(
      '/d/image/upload/w_300/co_rgb:00ff00,l_text:Arial_60_bold:Hi%252C%20you/e_blur/fl_layer_apply,g_south,y_20/v1/x.jpg',
    );
    expect(parsed.steps).toEqual([
      { width: { kind: 'px', value: 300 } },
      {
        overlay: {
          source: {
            kind: 'text',
            font: 'Arial',
            size: 60,
            bold: true,
            italic: false,
            text: 'Hi, you',
          },
          steps: [{ colour: '#00ff00ff' }, { effect: { name: 'blur', level: 100 } }],
          gravity: 'south',
          x: 0,
          y: 20,
        },
      },
    ]);
    // Without fl_layer_apply the layer's own component places it.
    expect(parseDeliveryPath('/d/image/upload/l_a:b,w_50,g_east,x_4/x.jpg').steps).toEqual([
      {
        overlay: {
          source: { kind: 'image', publicId: 'a/b' },
          steps: [{ width: { kind: 'px', value: 50 } }],
          gravity: 'east',
          x: 4,
          y: 0,
        },
      },
    ]);
    expect(errorOf('/d/image/upload/fl_layer_apply/x.jpg').message).toMatch(/without a layer/);
    expect(errorOf('/d/image/upload/l_a/fl_layer_apply,w_3/x.jpg').message).toMatch(
      /only g_, x_ and y_/,
    );
  });

  it('counts only what changes pixels as a transformation', () => {
    expect(parseDeliveryPath('/d/image/upload/fl_attachment/x.jpg').transformed).toBe(false);
    expect(parseDeliveryPath('/d/image/upload/d_y.jpg/x.jpg').transformed).toBe(false);
    expect(parseDeliveryPath('/d/image/upload/q_80/x.jpg').transformed).toBe(true);
  });

  it.each([
    '/d/image/upload/a/%2e%2e/b.jpg',
    '/d/image/upload/w_1/../secret.jpg',
    '/d/image/upload/a/%2F/b',
    '/d/image/upload/a//b.jpg',
    '/d/image/upload/a%5Cb.jpg',
    '/d/image/upload/a%00b.jpg',
    '/d/image/upload/a%zz.jpg',
    `/d/image/upload/${'a'.repeat(300)}.jpg`,
    '/d/image/upload/',
  ])('rejects the hostile public id in %s', (path) => {
    const error = errorOf(path);
    expect(error.status).toBe(400);
    expect(error.code).toBe('invalid_public_id');
  });

  it('answers 404 for other resource types and delivery types', () => {
    expect(errorOf('/d/video/upload/x.mp4').status).toBe(404);
    expect(errorOf('/d/image/fetch/x.jpg').status).toBe(404);
  });

  it('refuses absurdly long paths', () => {
    expect(errorOf(`/d/image/upload/${'w_1/'.repeat(600)}x`).status).toBe(400);
  });

  it('refuses chains longer than the limit, naming it', () => {
    const chain = (length: number) =>
      `/d/image/upload/${Array.from({ length }, (_, i) => `w_${100 + i}`).join('/')}/v1/x.jpg`;
    expect(parseDeliveryPath(chain(10)).steps).toHaveLength(10);
    const error = errorOf(chain(50));
    expect(error).toMatchObject({ code: 'limit_exceeded', status: 400 });
    expect(error.message).toBe(
      'Too many chained transformations: 50 components; the maximum is 10',
    );
    expect(() => parseDeliveryPath(chain(3), 2)).toThrow(/the maximum is 2/);
  });
});
