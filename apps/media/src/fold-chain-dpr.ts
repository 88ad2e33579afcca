import type { FixedDimension, Overlay, ResolvedStep } from './parse-delivery-path';

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

/** Every pixel quantity of a step times `factor` (fractions are of the image, unchanged). */
function scalePixels(step: ResolvedStep, factor: number): ResolvedStep {
  return {
    ...step,
    width: scaleDimension(step.width, factor),
    height: scaleDimension(step.height, factor),
    x: times(step.x, factor),
    y: times(step.y, factor),
    radius: typeof step.radius === 'number' ? times(step.radius, factor) : step.radius,
    border: step.border && { ...step.border, width: Math.round(step.border.width * factor) },
    overlay: step.overlay && scaleOverlay(step.overlay, factor),
  };
}

/** The chain with each `dpr_`-only component folded into the components before it. */
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
      // The first sized component's own sizes go through its DPR (fractions of the source
      // included); what it adds after resizing is in output pixels.
      return {
        ...scalePixels(other, factor),
        width: other.width,
        height: other.height,
        dpr: (other.dpr ?? 1) * factor,
      };
    });
  }
  return folded;
}
