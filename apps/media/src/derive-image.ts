import sharp, { type Sharp } from 'sharp';
import { applyStyles, assertStylesFit, type Materialise, styledSize } from './apply-styles';
import type { AssetRecord } from './asset-store';
import { isAnimated } from './choose-output-format';
import { MediaError } from './media-error';
import type {
  DeliveryRequest,
  Gravity,
  OutputFormat,
  QualityPreset,
  ResolvedStep,
} from './parse-delivery-path';
import type { PdfRenderer } from './pdf-renderer';
import { outputSize, planResize, type ResizePlan, type Size } from './plan-resize';

export interface DeriveLimits {
  maxSourcePixels: number;
  maxOutputPixels: number;
  maxProcessedPixels: number;
  avifEffort: number;
}

/** A delivery request whose client hints are resolved: what a derivation works from. */
export interface ResolvedRequest extends Omit<DeliveryRequest, 'steps'> {
  steps: ResolvedStep[];
}

export interface DeriveSource {
  asset: AssetRecord;
  originalPath: string;
  pdf: PdfRenderer;
}

/** PDF pages render at Cloudinary's default density unless a smaller output allows less. */
export const PDF_DENSITY = 150;
const POINTS_PER_INCH = 72;

const QUALITY: Record<QualityPreset, Record<'jpg' | 'webp' | 'avif', number>> = {
  best: { jpg: 90, webp: 90, avif: 64 },
  good: { jpg: 80, webp: 80, avif: 50 },
  eco: { jpg: 70, webp: 70, avif: 42 },
  low: { jpg: 60, webp: 60, avif: 35 },
};

const POSITIONS: Record<Exclude<Gravity, 'auto' | 'face' | 'faces'>, string> = {
  center: 'centre',
  north: 'north',
  south: 'south',
  east: 'east',
  west: 'west',
  north_east: 'northeast',
  north_west: 'northwest',
  south_east: 'southeast',
  south_west: 'southwest',
};

/** Gravities that need a model we do not have; attention (saliency) stands in, said in a header. */
export const APPROXIMATED_GRAVITIES: ReadonlySet<Gravity> = new Set(['face', 'faces']);

function position(gravity: Gravity, crop: boolean): string | number {
  if (gravity === 'auto' || APPROXIMATED_GRAVITIES.has(gravity)) {
    return crop ? sharp.strategy.attention : 'centre';
  }
  return POSITIONS[gravity as keyof typeof POSITIONS];
}

/** How much padding `place` puts before the image on one axis, by the gravity. */
function lead(spare: number, gravity: Gravity, start: string, end: string): number {
  if (gravity.includes(start)) return 0;
  if (gravity.includes(end)) return spare;
  return Math.floor(spare / 2);
}

function applyPlan(image: Sharp, plan: ResizePlan, size: Size, background: string): Sharp {
  switch (plan.kind) {
    case 'none':
      return image;
    case 'scale':
      return image.resize(plan.width, plan.height, { fit: 'fill' });
    case 'cover':
      return image.resize(plan.width, plan.height, {
        fit: 'cover',
        position: position(plan.gravity, true),
      });
    case 'contain':
      return image.resize(plan.width, plan.height, {
        fit: 'contain',
        position: position(plan.gravity, false),
        background,
      });
    case 'place': {
      const left = lead(plan.width - size.width, plan.gravity, 'west', 'east');
      const top = lead(plan.height - size.height, plan.gravity, 'north', 'south');
      return image.extend({
        left,
        top,
        right: plan.width - size.width - left,
        bottom: plan.height - size.height - top,
        background,
      });
    }
    case 'extract':
      return image.extract({
        left: plan.left,
        top: plan.top,
        width: plan.width,
        height: plan.height,
      });
  }
}

function checkOutput(size: Size, limit: number): void {
  if (size.width * size.height > limit) {
    throw new MediaError(
      'limit_exceeded',
      `Maximum image size exceeded: ${size.width}x${size.height} is more than ${limit} pixels`,
    );
  }
}

/** Relative sizes (`w_0.5`) measured against the asset's nominal size, as pixels. */
function withAbsoluteSizes(step: ResolvedStep, size: Size): ResolvedStep {
  const absolute = (dimension: ResolvedStep['width'], full: number) =>
    dimension?.kind === 'relative'
      ? { kind: 'px' as const, value: Math.max(1, Math.round(full * dimension.value)) }
      : dimension;
  return {
    ...step,
    width: absolute(step.width, size.width),
    height: absolute(step.height, size.height),
  };
}

/** Output formats that keep every frame of an animation. */
const ANIMATED_FORMATS: ReadonlySet<OutputFormat> = new Set(['gif', 'webp']);

/** How many frames the output has: all of an animation's, when no `pg_` picks one. */
function outputFrames(asset: AssetRecord, request: ResolvedRequest, format: OutputFormat): number {
  return isAnimated(asset) && request.page === undefined && ANIMATED_FORMATS.has(format)
    ? asset.pages
    : 1;
}

async function openSource(
  source: DeriveSource,
  request: ResolvedRequest,
  steps: ResolvedStep[],
  frames: number,
  limits: DeriveLimits,
): Promise<{ image: Sharp; size: Size }> {
  const { asset } = source;
  const page = request.page ?? 1;
  if (page > asset.pages) {
    throw new MediaError(
      'invalid_transformation',
      `Invalid transformation pg_${page}: the asset has ${asset.pages} page(s)`,
    );
  }
  if (asset.format !== 'pdf') {
    // sharp resizes an animation frame by frame when it is opened with all its pages.
    const pages = frames > 1 ? { animated: true } : { page: page - 1 };
    const image = sharp(source.originalPath, {
      limitInputPixels: limits.maxSourcePixels,
      ...pages,
    }).autoOrient();
    return { image, size: { width: asset.width, height: asset.height } };
  }
  // Render only as many pixels as the first step needs (at most 150 DPI, or twice that when
  // the URL asks for enlargement): thumbnails of pages are the common case.
  const nominal = { width: asset.width, height: asset.height };
  const first = steps[0];
  let factor = 1;
  if (first) {
    const planned = outputSize(nominal, planResize(nominal, first));
    factor = Math.min(2, Math.max(planned.width / nominal.width, planned.height / nominal.height));
  }
  const rendered = await source.pdf.render(
    source.originalPath,
    asset.etag,
    page,
    (PDF_DENSITY / POINTS_PER_INCH) * factor,
    limits.maxOutputPixels,
  );
  const image = sharp(rendered.pixels, {
    raw: { width: rendered.width, height: rendered.height, channels: 4 },
  });
  return { image, size: { width: rendered.width, height: rendered.height } };
}

function encode(
  image: Sharp,
  format: OutputFormat,
  request: ResolvedRequest,
  effort: number,
): Sharp {
  const { quality } = request;
  const pick = (kind: keyof (typeof QUALITY)[QualityPreset]) =>
    typeof quality === 'number' ? quality : QUALITY[quality][kind];
  // fl_progressive: progressive JPEG, interlaced PNG (sharp has no such mode for the others).
  const progressive = request.flags.progressive === true;
  switch (format) {
    case 'jpg':
      return image.flatten({ background: '#ffffff' }).jpeg({ quality: pick('jpg'), progressive });
    case 'webp':
      return image.webp({ quality: pick('webp') });
    case 'avif':
      return image.avif({ quality: pick('avif'), effort });
    case 'png':
      return image.png({ progressive });
    case 'gif':
      return image.gif();
  }
}

/** Decodes a pipeline into raw pixels (an animation's frames kept apart) to start another. */
const materialise: Materialise = async (image) => {
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return {
    image: sharp(data, {
      raw: {
        width: info.width,
        height: info.height,
        channels: info.channels,
        pageHeight: info.pageHeight,
      },
    }),
    size: { width: info.width, height: info.pageHeight ?? info.height },
  };
};

/** The step's geometry alone (its styles dropped), or the step itself when it has none. */
function withoutStyles(step: ResolvedStep): ResolvedStep {
  const { effect, radius, angle, border, opacity, ...geometry } = step;
  const styled = [effect, radius, angle, border, opacity].some((value) => value !== undefined);
  return styled ? geometry : step;
}

/** Applies the transformation chain and encodes; checks the output limit before any work. */
export async function deriveImage(
  source: DeriveSource,
  request: ResolvedRequest,
  format: OutputFormat,
  limits: DeriveLimits,
): Promise<Buffer> {
  const nominal = { width: source.asset.width, height: source.asset.height };
  const steps = request.steps.map((step, index) =>
    index === 0 ? withAbsoluteSizes(step, nominal) : step,
  );
  // Validate the whole chain's geometry against the limits before decoding anything: each
  // step's output, and all the steps' outputs together (each is materialised and read by the
  // next step; the source itself is bounded by maxSourcePixels).
  // An animation's frames are each one image's worth of work.
  const frames = outputFrames(source.asset, request, format);
  let predicted: Size = nominal;
  let processed = 0;
  for (const step of steps) {
    assertStylesFit(step, frames);
    predicted = styledSize(outputSize(predicted, planResize(predicted, step)), step);
    checkOutput(predicted, limits.maxOutputPixels);
    // Styles after the resize work on a decoded copy: count it too.
    const passes = step === withoutStyles(step) ? 1 : 2;
    processed += predicted.width * predicted.height * frames * passes;
  }
  if (processed > limits.maxProcessedPixels) {
    throw new MediaError(
      'limit_exceeded',
      `Transformation too costly: it processes ${processed} pixels; the maximum is ${limits.maxProcessedPixels}`,
    );
  }
  try {
    let { image, size } = await openSource(source, request, steps, frames, limits);
    for (const [index, step] of steps.entries()) {
      const plan = planResize(size, step);
      image = applyPlan(image, plan, size, step.background ?? '#ffffff');
      size = outputSize(size, plan);
      image = await applyStyles(image, size, step, materialise);
      size = styledSize(size, step);
      checkOutput(size, limits.maxOutputPixels);
      if (index < steps.length - 1) {
        // sharp applies one resize per pipeline: materialise before the next step.
        ({ image, size } = await materialise(image));
      }
    }
    return await encode(image, format, request, limits.avifEffort).toBuffer();
  } catch (error) {
    if (error instanceof MediaError) throw error;
    const message = (error as Error).message;
    if (/pixel limit/i.test(message)) {
      throw new MediaError(
        'limit_exceeded',
        `Source image exceeds the maximum of ${limits.maxSourcePixels} pixels`,
        { cause: error },
      );
    }
    throw new MediaError('derivation_failed', `Derivation failed: ${message}`, { cause: error });
  }
}
