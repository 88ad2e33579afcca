import type { Gravity, TransformationStep } from './parse-delivery-path';

/**
 * Turns one transformation step into a concrete resize, following Cloudinary's documented
 * semantics for each crop mode:
 * - scale (default): exactly w×h (distorting if both are given); one side keeps the aspect;
 * - fit: the largest size inside w×h keeping the aspect, scaling up if needed;
 * - limit: like fit, but never scales up;
 * - fill: exactly w×h keeping the aspect, cropping the overflow around the gravity;
 * - thumb: like fill, but never scales up: a smaller source yields the largest region of the
 *   requested aspect at the source's resolution;
 * - pad: fit inside w×h, then pad to exactly w×h (white), placed by the gravity.
 * `ar_` completes a missing side; with neither side it crops (fill/thumb) or pads (pad) the
 * source to that ratio; `dpr_` multiplies the requested size.
 */

export interface Size {
  width: number;
  height: number;
}

export type ResizePlan =
  | { kind: 'none' }
  | { kind: 'scale'; width: number; height: number }
  | { kind: 'cover'; width: number; height: number; gravity: Gravity }
  | { kind: 'contain'; width: number; height: number; gravity: Gravity };

export function outputSize(source: Size, plan: ResizePlan): Size {
  return plan.kind === 'none' ? source : { width: plan.width, height: plan.height };
}

const atLeastOne = (value: number) => Math.max(1, Math.round(value));

export function planResize(source: Size, step: TransformationStep): ResizePlan {
  const dpr = step.dpr ?? 1;
  const resolve = (dimension: TransformationStep['width'], full: number) =>
    dimension === undefined
      ? undefined
      : dimension.kind === 'px'
        ? dimension.value * dpr
        : full * dimension.value * dpr;
  let width = resolve(step.width, source.width);
  let height = resolve(step.height, source.height);
  const ratio = step.aspectRatio;
  const crop = step.crop ?? 'scale';
  const gravity = step.gravity ?? 'center';

  if (ratio !== undefined) {
    if (width !== undefined && height === undefined) height = width / ratio;
    else if (height !== undefined && width === undefined) width = height * ratio;
    else if (width === undefined && height === undefined) {
      const sourceRatio = source.width / source.height;
      const inscribed =
        sourceRatio > ratio
          ? { width: source.height * ratio, height: source.height }
          : { width: source.width, height: source.width / ratio };
      const enclosing =
        sourceRatio > ratio
          ? { width: source.width, height: source.width / ratio }
          : { width: source.height * ratio, height: source.height };
      const box =
        crop === 'pad'
          ? enclosing
          : crop === 'scale'
            ? { width: source.width, height: source.width / ratio }
            : inscribed;
      width = box.width * dpr;
      height = box.height * dpr;
    }
  }

  if (width === undefined && height === undefined) {
    if (dpr === 1) return { kind: 'none' };
    return {
      kind: 'scale',
      width: atLeastOne(source.width * dpr),
      height: atLeastOne(source.height * dpr),
    };
  }

  // One side only: every mode keeps the aspect ratio; limit and thumb never scale up.
  if (width === undefined || height === undefined) {
    let factor = width !== undefined ? width / source.width : (height as number) / source.height;
    if ((crop === 'limit' || crop === 'thumb') && factor > 1) factor = 1;
    return {
      kind: 'scale',
      width: atLeastOne(source.width * factor),
      height: atLeastOne(source.height * factor),
    };
  }

  const w = atLeastOne(width);
  const h = atLeastOne(height);
  switch (crop) {
    case 'scale':
      return { kind: 'scale', width: w, height: h };
    case 'fit':
    case 'limit': {
      let factor = Math.min(w / source.width, h / source.height);
      if (crop === 'limit' && factor > 1) factor = 1;
      return {
        kind: 'scale',
        width: Math.min(w, atLeastOne(source.width * factor)),
        height: Math.min(h, atLeastOne(source.height * factor)),
      };
    }
    case 'fill':
      return { kind: 'cover', width: w, height: h, gravity };
    case 'thumb': {
      if (Math.max(w / source.width, h / source.height) <= 1) {
        return { kind: 'cover', width: w, height: h, gravity };
      }
      // The source is smaller than the box in some direction: crop, do not enlarge.
      const shrink = Math.min(source.width / w, source.height / h, 1);
      return {
        kind: 'cover',
        width: atLeastOne(w * shrink),
        height: atLeastOne(h * shrink),
        gravity,
      };
    }
    case 'pad':
      return { kind: 'contain', width: w, height: h, gravity };
  }
}

/**
 * The largest size with `source`'s aspect ratio within `maxPixels`, or undefined when the
 * source already fits: what an untransformed delivery of an oversized original is scaled to.
 */
export function fitWithinPixels(source: Size, maxPixels: number): Size | undefined {
  if (source.width * source.height <= maxPixels) return undefined;
  const factor = Math.sqrt(maxPixels / (source.width * source.height));
  return {
    width: Math.max(1, Math.floor(source.width * factor)),
    height: Math.max(1, Math.floor(source.height * factor)),
  };
}
