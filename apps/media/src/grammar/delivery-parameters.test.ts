import { describe, expect, it } from 'vitest';
import { MediaError } from '../media-error';
import {
  DELIVERY_PARAMETERS,
  looksLikeTransformation,
  parseComponent,
  UNSUPPORTED_PARAMETERS,
} from './delivery-parameters';
import { parseDeliveryPath } from './parse-delivery-path';

/** A valid use of every parameter of the table; a new parameter needs one here. */
const SAMPLES: Readonly<Record<string, string>> = {
  w: 'w_300',
  h: 'h_200',
  c: 'c_fill',
  g: 'g_north_east',
  x: 'x_-10',
  y: 'y_20',
  q: 'q_auto:eco',
  f: 'f_webp',
  dpr: 'dpr_2.0',
  ar: 'ar_16:9',
  pg: 'pg_3',
  e: 'e_grayscale',
  r: 'r_20',
  a: 'a_90',
  b: 'b_rgb:ff0000',
  bo: 'bo_2px_solid_black',
  o: 'o_50',
  co: 'co_white',
  fl: 'fl_attachment',
  d: 'd_fallback:missing.png',
  l: 'l_logo',
};

function errorOf(run: () => unknown): MediaError {
  try {
    run();
  } catch (error) {
    if (error instanceof MediaError) return error;
    throw error;
  }
  throw new Error('it parsed');
}

describe('the delivery grammar table', () => {
  it('has a sample for every parameter but t_ (which stands alone and is expanded first)', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(
      Object.keys(DELIVERY_PARAMETERS)
        .filter((key) => key !== 't')
        .sort(),
    );
  });

  it.each(Object.entries(SAMPLES))('parses %s', (key, sample) => {
    expect(looksLikeTransformation(sample)).toBe(true);
    const result = parseComponent(sample);
    const said = { ...result.step, ...result.flags };
    const globals = [result.format, result.quality, result.page, result.defaultImage, result.layer];
    expect(Object.keys(said).length + globals.filter((v) => v !== undefined).length).toBe(1);
    // The parsed parameter reaches a whole delivery URL too.
    expect(() => parseDeliveryPath(`/demo/image/upload/${sample}/v1/a.jpg`)).not.toThrow();
    expect(key).toBe(sample.split('_')[0]);
  });

  it('parses t_ as a named transformation, alone in its component', () => {
    const named = new Map([['thumb', 'w_100']]);
    expect(parseDeliveryPath('/demo/image/upload/t_thumb/a.jpg', 10, named).steps).toEqual([
      { width: { kind: 'px', value: 100 } },
    ]);
    expect(errorOf(() => parseComponent('t_thumb,w_100')).status).toBe(400);
  });

  it('names exactly the table parameters, in its order, when refusing an unsupported one', () => {
    const error = errorOf(() => parseDeliveryPath('/demo/image/upload/z_2/a.jpg'));
    expect(error.status).toBe(400);
    const listed = /this service implements (.+)$/.exec(error.message)?.[1] ?? '';
    expect(listed.split(/, | and /)).toEqual(Object.keys(DELIVERY_PARAMETERS));
  });

  it('keeps the recognised-but-unsupported parameters apart from the implemented ones', () => {
    for (const key of UNSUPPORTED_PARAMETERS)
      expect(Object.hasOwn(DELIVERY_PARAMETERS, key)).toBe(false);
  });

  it('reads keys from the table only, never from what every object inherits', () => {
    expect(errorOf(() => parseComponent('constructor_1')).message).toContain('unknown parameter');
  });
});
