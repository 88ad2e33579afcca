import sharp, { type Sharp } from 'sharp';
import type {
  DeliveryRequest,
  Gravity,
  OutputFormat,
  Overlay,
  QualityPreset,
  ResolvedStep,
} from '../grammar/parse-delivery-path';
import { MediaError } from '../media-error';
import type { AssetRecord } from '../store/asset-store';
import { applyStyles, type Materialise, styledSize, worksOnSingleFrames } from './apply-styles';
import { isAnimated } from './choose-output-format';
import { foldChainDpr } from './fold-chain-dpr';
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
  /** The images `l_` layers name, found before deriving (their etags key the derivation). */
  layers: ReadonlyMap<string, { asset: AssetRecord; originalPath: string }>;
  /** Runs sharp's work in the service's derivation lane (see derivation-lane.ts). */
  inLane: <T>(work: () => Promise<T>) => Promise<T>;
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

/** An animation's timing, which frames joined from raw pixels no longer carry. */
interface Timing {
  delay?: number[];
  loop?: number;
}

function encode(
  image: Sharp,
  format: OutputFormat,
  request: ResolvedRequest,
  effort: number,
  timing: Timing = {},
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
      return image.webp({ quality: pick('webp'), ...timing });
    case 'avif':
      return image.avif({ quality: pick('avif'), effort });
    case 'png':
      return image.png({ progressive });
    case 'gif':
      return image.gif(timing);
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

/** Pixels processed so far, against the limits (layers are only measured once drawn). */
interface Budget {
  processed: number;
  limits: DeriveLimits;
}

function spend(budget: Budget, size: Size): void {
  budget.processed += size.width * size.height;
  if (budget.processed > budget.limits.maxProcessedPixels) {
    throw new MediaError(
      'limit_exceeded',
      `Transformation too costly: it processes ${budget.processed} pixels; the maximum is ${budget.limits.maxProcessedPixels}`,
    );
  }
}

/** Runs steps in order on an opened image: resize, styles, layers. */
async function applySteps(
  start: Sharp,
  startSize: Size,
  steps: readonly ResolvedStep[],
  source: DeriveSource,
  budget: Budget,
): Promise<{ image: Sharp; size: Size }> {
  let image = start;
  let size = startSize;
  for (const [index, step] of steps.entries()) {
    if (step.overlay) {
      image = await compositeLayer(image, size, step.overlay, source, budget);
    } else {
      const plan = planResize(size, step);
      image = applyPlan(image, plan, size, step.background ?? '#ffffff');
      size = outputSize(size, plan);
      image = await applyStyles(image, size, step, materialise);
      size = styledSize(size, step);
      checkOutput(size, budget.limits.maxOutputPixels);
    }
    if (index < steps.length - 1) {
      // sharp applies one resize per pipeline: materialise before the next step.
      ({ image, size } = await materialise(image));
    }
  }
  return { image, size };
}

/**
 * An animation whose steps work on single frames (borders, corners, rotations, pixelation,
 * layers): decoded once into its frames, each frame run through the steps as a still, and the
 * results stacked back into an animation with the source's timing. Each frame's work counts
 * against the limits (the prediction multiplies by the frames; layers spend per frame).
 */
async function deriveFrameByFrame(
  source: DeriveSource,
  steps: readonly ResolvedStep[],
  budget: Budget,
): Promise<{ image: Sharp; timing: Timing }> {
  const original = sharp(source.originalPath, {
    limitInputPixels: budget.limits.maxSourcePixels,
    animated: true,
  });
  const { delay, loop } = await original.metadata();
  const { data, info } = await original
    .autoOrient()
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const frame = { width: info.width, height: info.pageHeight ?? info.height };
  const frameBytes = frame.width * frame.height * info.channels;
  const outputs: Buffer[] = [];
  let size: Size = frame;
  for (let offset = 0; offset < data.length; offset += frameBytes) {
    const still = sharp(data.subarray(offset, offset + frameBytes), {
      raw: { ...frame, channels: info.channels },
    });
    const done = await applySteps(still, frame, steps, source, budget);
    const pixels = await done.image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    size = { width: pixels.info.width, height: pixels.info.height };
    outputs.push(pixels.data);
  }
  const image = sharp(Buffer.concat(outputs), {
    raw: { ...size, height: size.height * outputs.length, channels: 4, pageHeight: size.height },
  });
  return { image, timing: { delay, loop } };
}

function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Draws a layer's source: an uploaded image (its first frame), or text with Pango. */
async function openLayer(
  layer: Overlay,
  source: DeriveSource,
  limits: DeriveLimits,
): Promise<{ image: Sharp; size: Size }> {
  if (layer.source.kind === 'image') {
    const found = source.layers.get(layer.source.publicId);
    if (!found) throw new MediaError('not_found', `Resource not found - ${layer.source.publicId}`);
    const image = sharp(found.originalPath, { limitInputPixels: limits.maxSourcePixels });
    return materialise(image.autoOrient());
  }
  const { font, size, bold, italic, text } = layer.source;
  const colour = layer.steps.find((step) => step.colour)?.colour ?? '#000000ff';
  const alpha = Math.round((Number.parseInt(colour.slice(7), 16) / 255) * 100);
  const style = `${bold ? ' bold' : ''}${italic ? ' italic' : ''}`;
  const drawn = sharp({
    text: {
      text: `<span foreground="${colour.slice(0, 7)}" fgalpha="${alpha}%">${escapeMarkup(text)}</span>`,
      // At 72 DPI a point is a pixel: Cloudinary's font sizes are pixels.
      font: `${font}${style} ${size}`,
      dpi: 72,
      rgba: true,
    },
  });
  try {
    return await materialise(drawn);
  } catch (error) {
    // Cairo draws on surfaces of at most 32767 pixels a side: 200 wide letters at 200 pixels
    // (or a dpr_ multiplying the size) pass every limit until drawn, and failed with a 500.
    throw new MediaError(
      'limit_exceeded',
      `Text layer too large to draw: l_text:${font}_${size} with ${text.length} characters (at most 32767 pixels a side); use a smaller size or less text`,
      { cause: error },
    );
  }
}

/** Where a layer's top-left corner goes: the gravity's corner, moved inwards by x/y. */
function placeLayer(base: Size, layer: Size, overlay: Overlay): { left: number; top: number } {
  const { gravity } = overlay;
  const spareX = base.width - layer.width;
  const spareY = base.height - layer.height;
  const west = gravity.includes('west');
  const east = gravity.includes('east');
  const north = gravity.startsWith('north');
  const south = gravity.startsWith('south');
  const left = west ? overlay.x : east ? spareX - overlay.x : Math.round(spareX / 2) + overlay.x;
  const top = north ? overlay.y : south ? spareY - overlay.y : Math.round(spareY / 2) + overlay.y;
  return { left, top };
}

/**
 * Draws the layer, runs its own steps, and composites the part of it that falls on the image
 * (sharp refuses layers reaching outside). The layer counts against the pixel limits.
 */
async function compositeLayer(
  base: Sharp,
  baseSize: Size,
  overlay: Overlay,
  source: DeriveSource,
  budget: Budget,
): Promise<Sharp> {
  const opened = await openLayer(overlay, source, budget.limits);
  checkOutput(opened.size, budget.limits.maxOutputPixels);
  spend(budget, opened.size);
  const drawn = await materialise(
    (
      await applySteps(opened.image, opened.size, overlay.steps, source, budget)
    ).image.ensureAlpha(),
  );
  spend(budget, drawn.size);
  const { left, top } = placeLayer(baseSize, drawn.size, overlay);
  const visible = {
    left: Math.max(0, -left),
    top: Math.max(0, -top),
    right: Math.min(drawn.size.width, baseSize.width - left),
    bottom: Math.min(drawn.size.height, baseSize.height - top),
  };
  if (visible.right <= visible.left || visible.bottom <= visible.top) return base;
  const input = await drawn.image
    .extract({
      left: visible.left,
      top: visible.top,
      width: visible.right - visible.left,
      height: visible.bottom - visible.top,
    })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return base.composite([{ input, left: Math.max(0, left), top: Math.max(0, top) }]);
}

/** Applies the transformation chain and encodes; checks the output limit before any work. */
export async function deriveImage(
  source: DeriveSource,
  request: ResolvedRequest,
  format: OutputFormat,
  limits: DeriveLimits,
): Promise<Buffer> {
  const nominal = { width: source.asset.width, height: source.asset.height };
  const steps = foldChainDpr(request.steps).map((step, index) =>
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
    const budget = { processed, limits };
    if (frames > 1 && steps.some(worksOnSingleFrames)) {
      return await source.inLane(async () => {
        const { image, timing } = await deriveFrameByFrame(source, steps, budget);
        return await encode(image, format, request, limits.avifEffort, timing).toBuffer();
      });
    }
    // A PDF page is drawn here, outside the lane, by the renderer's own workers (fair between
    // documents, bounded in memory): one document's slow pages never hold a lane slot while
    // they draw. An image's source is only opened here; sharp reads it in the lane.
    const opened = await openSource(source, request, steps, frames, limits);
    return await source.inLane(async () => {
      const { image } = await applySteps(opened.image, opened.size, steps, source, budget);
      return await encode(image, format, request, limits.avifEffort).toBuffer();
    });
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
