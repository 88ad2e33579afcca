import type { Sharp } from 'sharp';
import type { ResolvedStep } from '../grammar/parse-delivery-path';
import type { Effect } from '../grammar/transformation-values';
import type { Size } from './plan-resize';

/**
 * What a transformation component does after its resize, in Cloudinary's order: the effect
 * (`e_`), then the border (`bo_`), rounded corners (`r_`) and opacity (`o_`), then the
 * rotation (`a_`). sharp runs the operations of one pipeline in its own fixed order (resize,
 * extend, blur…, composite), so the stages that must follow each other are split by
 * `materialise`, which decodes the pipeline so far into raw pixels.
 */

export type Materialise = (image: Sharp) => Promise<{ image: Sharp; size: Size }>;

/** Blur sigmas above this run on a downscaled copy: a Gaussian's cost grows with its sigma. */
const MAX_DIRECT_SIGMA = 10;

/** The size once the border and the rotation are added (what the limits must count). */
export function styledSize(size: Size, step: ResolvedStep): Size {
  const border = step.border?.width ?? 0;
  let { width, height } = { width: size.width + 2 * border, height: size.height + 2 * border };
  if (typeof step.angle === 'number' && step.angle % 90 !== 0) {
    const radians = (step.angle * Math.PI) / 180;
    const [cos, sin] = [Math.abs(Math.cos(radians)), Math.abs(Math.sin(radians))];
    [width, height] = [
      Math.round(width * cos + height * sin),
      Math.round(width * sin + height * cos),
    ];
  } else if (typeof step.angle === 'number' && step.angle % 180 !== 0) {
    [width, height] = [height, width];
  }
  return { width, height };
}

/** Whether the effect runs on a copy at another size (big blurs, pixelation). */
function resamples(effect: Effect | undefined): boolean {
  return (
    effect?.name === 'pixelate' || (effect?.name === 'blur' && effect.level / 20 > MAX_DIRECT_SIGMA)
  );
}

/**
 * Styles and layers that reshape the canvas or look at neighbouring pixels across the whole
 * image work on one image at a time, not on an animation's strip of frames (sharp would round
 * the strip's corners, not each frame's): animations with them are derived frame by frame.
 * Resampling effects too: scaling a strip down and up again mixes neighbouring frames, and
 * the scaled strip's height is no longer a whole number of frames (`e_blur:2000` on a GIF
 * once failed with "Expected positive integer for raw.pageHeight").
 */
export function worksOnSingleFrames(step: ResolvedStep): boolean {
  return (
    step.border !== undefined ||
    step.radius !== undefined ||
    step.angle !== undefined ||
    resamples(step.effect) ||
    step.overlay !== undefined
  );
}

function hasLaterStages(step: ResolvedStep): boolean {
  return (
    step.border !== undefined ||
    step.radius !== undefined ||
    step.opacity !== undefined ||
    step.angle !== undefined
  );
}

type Row = [number, number, number];
const LUMINANCE: Row = [0.2126, 0.7152, 0.0722];
const SEPIA: [Row, Row, Row] = [
  [0.393, 0.769, 0.189],
  [0.349, 0.686, 0.168],
  [0.272, 0.534, 0.131],
];
/** A row of the sepia matrix blended with the identity's by `amount`. */
const sepiaRow = (row: Row, index: number, amount: number): Row =>
  row.map((value, column) => amount * value + (1 - amount) * (index === column ? 1 : 0)) as Row;

/** Colour matrices and curves, run in the same pipeline as the resize. */
function pixelEffect(image: Sharp, effect: Effect): Sharp {
  switch (effect.name) {
    case 'grayscale':
      // recomb keeps three channels (and alpha), unlike greyscale(), so later stages compose.
      return image.recomb([LUMINANCE, LUMINANCE, LUMINANCE]);
    case 'sepia': {
      const amount = effect.level / 100;
      const [red, green, blue] = SEPIA;
      return image.recomb([
        sepiaRow(red, 0, amount),
        sepiaRow(green, 1, amount),
        sepiaRow(blue, 2, amount),
      ]);
    }
    case 'brightness':
      return image.linear(1, (effect.level / 100) * 255);
    case 'contrast': {
      const slope = 1 + effect.level / 100;
      return image.linear(slope, 128 * (1 - slope));
    }
    case 'sharpen':
      return image.sharpen({ sigma: 0.5 + effect.level / 400 });
    case 'blur':
      return image.blur(Math.max(0.3, effect.level / 20));
    case 'pixelate':
      return image;
  }
}

/** Effects that need the image at another size first: big blurs and pixelation. */
async function resamplingEffect(
  image: Sharp,
  size: Size,
  effect: Effect,
  materialise: Materialise,
): Promise<Sharp | undefined> {
  if (!resamples(effect)) return undefined;
  if (effect.name === 'blur') {
    const factor = effect.level / 20 / MAX_DIRECT_SIGMA;
    const small = await materialise(
      (await materialise(image)).image
        .resize(
          Math.max(1, Math.round(size.width / factor)),
          Math.max(1, Math.round(size.height / factor)),
          { fit: 'fill' },
        )
        .blur(MAX_DIRECT_SIGMA),
    );
    return small.image.resize(size.width, size.height, { fit: 'fill' });
  }
  const blocks = await materialise(
    (await materialise(image)).image.resize(
      Math.max(1, Math.ceil(size.width / effect.level)),
      Math.max(1, Math.ceil(size.height / effect.level)),
      { fit: 'fill' },
    ),
  );
  return blocks.image.resize(size.width, size.height, { fit: 'fill', kernel: 'nearest' });
}

function roundedMask(size: Size, radius: number | 'max'): Buffer {
  const rx = radius === 'max' ? size.width / 2 : Math.min(radius, size.width / 2);
  const ry = radius === 'max' ? size.height / 2 : Math.min(radius, size.height / 2);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}"><rect width="${size.width}" height="${size.height}" rx="${rx}" ry="${ry}"/></svg>`,
  );
}

/**
 * Applies the step's styles to `image` (already resized to `size`). Returns the pipeline to
 * continue with.
 */
export async function applyStyles(
  image: Sharp,
  size: Size,
  step: ResolvedStep,
  materialise: Materialise,
): Promise<Sharp> {
  let current = image;
  if (step.effect) {
    current =
      (await resamplingEffect(current, size, step.effect, materialise)) ??
      pixelEffect(current, step.effect);
  }
  if (!hasLaterStages(step)) return current;

  let framed = await materialise(current);
  current = framed.image;
  if (step.border || step.radius !== undefined || step.opacity !== undefined) {
    current = current.ensureAlpha();
    if (step.border) {
      const { width, colour } = step.border;
      current = current.extend({
        top: width,
        bottom: width,
        left: width,
        right: width,
        background: colour,
      });
    }
    if (step.opacity !== undefined) {
      // linear cannot reach the alpha band ensureAlpha adds in the same pipeline.
      current = (await materialise(current)).image.linear(
        [1, 1, 1, step.opacity / 100],
        [0, 0, 0, 0],
      );
    }
    if (step.radius !== undefined) {
      const border = step.border?.width ?? 0;
      const outer = {
        width: framed.size.width + 2 * border,
        height: framed.size.height + 2 * border,
      };
      current = current.composite([{ input: roundedMask(outer, step.radius), blend: 'dest-in' }]);
      // sharp composites last, after the encoder's flatten: decode now so that JPEG's white
      // background fills the cut corners rather than their black.
      ({ image: current } = await materialise(current));
    }
  }
  if (step.angle === undefined) return current;
  if (current !== framed.image) framed = await materialise(current);
  if (step.angle === 'hflip') return framed.image.flop();
  if (step.angle === 'vflip') return framed.image.flip();
  return framed.image.rotate(step.angle, { background: step.background ?? '#00000000' });
}
