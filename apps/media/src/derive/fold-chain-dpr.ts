import type { FixedDimension, Overlay, ResolvedStep } from '../grammar/parse-delivery-path';
import type { Effect } from '../grammar/transformation-values';

/**
 * A component that is only `dpr_` (`w_300/dpr_2.0`; next-cloudinary writes `dpr_auto` alone)
 * is Cloudinary's device pixel ratio for the transformation before it: the image is made at
 * that density from the source — 600 pixels rendered from the original, not a 300-pixel image
 * enlarged (Cloudinary: DPR "examines which of the transformation parameters needs to be tuned
 * … and adjusts them"). So the factor moves into the components before it: the first one that
 * sizes the image multiplies its size by it (as `w_300,dpr_2.0` does), and every pixel quantity
 * after that one — sizes, `x_`/`y_`, borders, corner radii, layers and their text — is
 * multiplied too, so the result is the same picture at d times the pixels. Fractions (`w_0.5`)
 * after the first sized component are of an image already d times larger and stay as they are.
 *
 * A component's own `dpr_` (`w_100,r_20,dpr_2.0`) works the same way on what it draws after its
 * resize (its size is multiplied when it is planned): corner radii, borders and the effects
 * measured in pixels — a blur's reach (Cloudinary: "a stronger blurring effect should be applied
 * in DPR 2.0 … to achieve the same visual effect") and pixelation's block size. Strengths
 * (sharpen, brightness, contrast, sepia) are not sizes and stay.
 *
 * When nothing before it sizes the image (`e_grayscale/dpr_2.0`), or the first sized
 * component cuts a region of the source (`c_crop`, whose region must not change), the
 * component stays as it is and scales the image made so far.
 */

/** `dpr_` and nothing else. */
function isDprOnly(step: ResolvedStep): step is ResolvedStep & { dpr: number } {
  return (
    step.dpr !== undefined &&
    Object.entries(step).every(([key, value]) => key === 'dpr' || value === undefined)
  );
}

function sizes(step: ResolvedStep): boolean {
  return (
    step.overlay === undefined &&
    (step.width !== undefined || step.height !== undefined || step.aspectRatio !== undefined)
  );
}

const times = (value: number | undefined, factor: number) =>
  value === undefined ? undefined : Math.round(value * factor);

function scaleDimension(
  dimension: FixedDimension | undefined,
  factor: number,
): FixedDimension | undefined {
  return dimension?.kind === 'px'
    ? { kind: 'px', value: Math.max(1, Math.round(dimension.value * factor)) }
    : dimension;
}

function scaleOverlay(overlay: Overlay, factor: number): Overlay {
  const { source } = overlay;
  return {
    ...overlay,
    source: source.kind === 'text' ? { ...source, size: Math.round(source.size * factor) } : source,
    steps: overlay.steps.map((step) => scalePixels(step, factor)),
    x: Math.round(overlay.x * factor),
    y: Math.round(overlay.y * factor),
  };
}

/** Blur and pixelation reach over pixels; the other effects are strengths. */
function scaleEffect(effect: Effect | undefined, factor: number): Effect | undefined {
  if (effect?.name !== 'blur' && effect?.name !== 'pixelate') return effect;
  return { ...effect, level: Math.max(1, Math.round(effect.level * factor)) };
}

/** What a step draws after its resize, times `factor`: corners, border, pixel-sized effects. */
function scaleStyles(step: ResolvedStep, factor: number): ResolvedStep {
  return {
    ...step,
    radius: typeof step.radius === 'number' ? times(step.radius, factor) : step.radius,
    border: step.border && { ...step.border, width: Math.round(step.border.width * factor) },
    effect: scaleEffect(step.effect, factor),
  };
}

/** Every pixel quantity of a step times `factor` (fractions are of the image, unchanged). */
function scalePixels(step: ResolvedStep, factor: number): ResolvedStep {
  return {
    ...scaleStyles(step, factor),
    width: scaleDimension(step.width, factor),
    height: scaleDimension(step.height, factor),
    x: times(step.x, factor),
    y: times(step.y, factor),
    overlay: step.overlay && scaleOverlay(step.overlay, factor),
  };
}

/** A step's own `dpr_` applied to its styles, in it and in its layer's steps. */
function withOwnDensity(step: ResolvedStep): ResolvedStep {
  const overlay = step.overlay && {
    ...step.overlay,
    steps: step.overlay.steps.map(withOwnDensity),
  };
  const styled = step.dpr === undefined || step.dpr === 1 ? step : scaleStyles(step, step.dpr);
  return overlay ? { ...styled, overlay } : styled;
}

/**
 * The chain with each `dpr_`-only component folded into the components before it, and every
 * component's DPR applied to its styles.
 */
export function foldChainDpr(steps: readonly ResolvedStep[]): ResolvedStep[] {
  let folded: ResolvedStep[] = [];
  for (const step of steps) {
    const first = folded.findIndex(sizes);
    const target = folded[first];
    if (!isDprOnly(step) || target === undefined || target.crop === 'crop') {
      folded.push(step);
      continue;
    }
    const factor = step.dpr;
    folded = folded.map((other, index) => {
      if (index < first) return other;
      if (index > first) return scalePixels(other, factor);
      // The first sized component takes the factor as its own DPR: its sizes (fractions of
      // the source included) and its styles go through it.
      return { ...other, dpr: (other.dpr ?? 1) * factor };
    });
  }
  return folded.map(withOwnDensity);
}
