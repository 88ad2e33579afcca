import type { Gravity, ResolvedStep } from '../grammar/parse-delivery-path';

/**
 * Turns one transformation step into a concrete resize, following Cloudinary's documented
 * semantics for each crop mode:
 * - scale (default): exactly w×h (distorting if both are given); one side keeps the aspect;
 * - fit: the largest size inside w×h keeping the aspect, scaling up if needed;
 * - limit: like fit, but never scales up;
 * - fill: exactly w×h keeping the aspect, cropping the overflow around the gravity;
 * - thumb: like fill, but never scales up: a smaller source yields the largest region of the
 *   requested aspect at the source's resolution;
 * - pad: fit inside w×h, then pad to exactly w×h (white or `b_`), placed by the gravity;
 * - lfill: fill, but never enlarging: each side is at most the source's;
 * - lpad: pad, but never enlarging: a smaller source is padded at its own size;
 * - crop: cut a w×h region at x,y (or placed by the gravity) without scaling;
 * - auto: fill, keeping the most interesting region (attention: see docs/media.md).
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
  | { kind: 'contain'; width: number; height: number; gravity: Gravity }
  /** A source smaller than the box, padded at its own size (`lpad`). */
  | { kind: 'place'; width: number; height: number; gravity: Gravity }
  | { kind: 'extract'; left: number; top: number; width: number; height: number };

export function outputSize(source: Size, plan: ResizePlan): Size {
  return plan.kind === 'none' ? source : { width: plan.width, height: plan.height };
}

const atLeastOne = (value: number) => Math.max(1, Math.round(value));
const NEVER_ENLARGE: ReadonlySet<string> = new Set(['limit', 'thumb', 'lfill', 'lpad']);

/** Where `c_crop` cuts: from x,y (offsets from the gravity's corner), else by the gravity. */
function planExtract(source: Size, step: ResolvedStep, width: number, height: number): ResizePlan {
  const w = Math.min(source.width, atLeastOne(width));
  const h = Math.min(source.height, atLeastOne(height));
  const gravity =
    step.gravity ?? (step.x !== undefined || step.y !== undefined ? 'north_west' : 'center');
  const spareX = source.width - w;
  const spareY = source.height - h;
  const fromX = gravity.includes('west') ? 0 : gravity.includes('east') ? spareX : spareX / 2;
  const fromY = gravity.startsWith('north') ? 0 : gravity.startsWith('south') ? spareY : spareY / 2;
  // Offsets move away from the gravity's edge; the region stays inside the image.
  const signX = gravity.includes('east') ? -1 : 1;
  const signY = gravity.startsWith('south') ? -1 : 1;
  const clamp = (value: number, max: number) => Math.min(max, Math.max(0, Math.round(value)));
  return {
    kind: 'extract',
    left: clamp(fromX + signX * (step.x ?? 0), spareX),
    top: clamp(fromY + signY * (step.y ?? 0), spareY),
    width: w,
    height: h,
  };
}

export function planResize(source: Size, step: ResolvedStep): ResizePlan {
  const dpr = step.dpr ?? 1;
  const resolve = (dimension: ResolvedStep['width'], full: number) =>
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

  if (crop === 'crop') {
    if (width === undefined && height === undefined) return { kind: 'none' };
    return planExtract(source, step, width ?? source.width, height ?? source.height);
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
    if (NEVER_ENLARGE.has(crop) && factor > 1) factor = 1;
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
    case 'auto':
      return { kind: 'cover', width: w, height: h, gravity: step.gravity ?? 'auto' };
    case 'lfill':
      return {
        kind: 'cover',
        width: Math.min(w, source.width),
        height: Math.min(h, source.height),
        gravity,
      };
    case 'lpad':
      if (source.width <= w && source.height <= h)
        return { kind: 'place', width: w, height: h, gravity };
      return { kind: 'contain', width: w, height: h, gravity };
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
