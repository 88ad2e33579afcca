import type { CropMode, Gravity } from '@coursepack/images/build-media-url';
import { MediaError } from '../media-error';
import {
  type ComponentResult,
  looksLikeTransformation,
  parseComponent,
} from './delivery-parameters';
import type { LayerSource } from './parse-overlay';
import { assertValidPublicId, decodePublicIdSegments } from './public-id';
import {
  type Angle,
  type Border,
  type Colour,
  type Effect,
  type Flags,
  invalid,
} from './transformation-values';

/**
 * Cloudinary's delivery grammar, the subset this service implements:
 * `/{cloud}/image/upload/{transformation}/…/v{version}/{public_id}.{ext}`, where each
 * transformation component is comma-separated `key_value` parameters and components chain
 * with `/` (applied in order).
 */

export type { CropMode, Gravity };
export type OutputFormat = 'jpg' | 'png' | 'webp' | 'avif' | 'gif';
export type QualityPreset = 'best' | 'good' | 'eco' | 'low';

/**
 * Pixels, a fraction of the current image (`w_0.5`), or the client's width hint (`w_auto`,
 * `w_auto:{step}:{fallback}`), resolved before deriving.
 */
export type Dimension =
  | { kind: 'px'; value: number }
  | { kind: 'relative'; value: number }
  | { kind: 'auto'; step: number; fallback?: number };

export interface TransformationStep {
  width?: Dimension;
  /** `h_auto` does not exist: only widths come from client hints. */
  height?: FixedDimension;
  crop?: CropMode;
  gravity?: Gravity;
  /** `c_crop`'s corner (or the offset from the gravity's corner), in pixels. */
  x?: number;
  y?: number;
  /** `auto` takes the client's `Sec-CH-DPR` hint, resolved before deriving. */
  dpr?: number | 'auto';
  aspectRatio?: number;
  effect?: Effect;
  radius?: number | 'max';
  angle?: Angle;
  /** `b_`: padding and rotation background. */
  background?: Colour;
  border?: Border;
  opacity?: number;
  /** `co_`: the colour of a text overlay. */
  colour?: Colour;
  /** `l_`: a layer composited onto the image at this point of the chain (alone in its step). */
  overlay?: Overlay;
}

/** A layer, its own transformations, and where it goes (gravity, then x/y offsets). */
export interface Overlay {
  source: LayerSource;
  steps: ResolvedStep[];
  gravity: Gravity;
  x: number;
  y: number;
}

/** A dimension once client hints are resolved. */
export type FixedDimension = Exclude<Dimension, { kind: 'auto' }>;

/** A step once client hints are resolved (`w_auto`, `dpr_auto` replaced by numbers). */
export interface ResolvedStep extends Omit<TransformationStep, 'width' | 'dpr'> {
  width?: FixedDimension;
  dpr?: number;
}

export interface DeliveryRequest {
  cloudName: string;
  /** Geometry steps in order; empty when only format/quality/page were asked for. */
  steps: TransformationStep[];
  /** From `f_`; the extension decides when absent. */
  format?: OutputFormat | 'auto';
  quality: number | QualityPreset;
  /**
   * 1-based page of a PDF or frame of an animation (`pg_`). Absent: a PDF's page 1, an
   * animation's every frame.
   */
  page?: number;
  version?: number;
  publicId: string;
  extension?: string;
  /** `fl_attachment`, `fl_progressive`. */
  flags: Flags;
  /** `d_`: the public id (with extension) delivered when `publicId` does not exist. */
  defaultImage?: string;
  /**
   * `s--…--`: the signature, and the text it signs (the transformation and the public id with
   * extension, as in the URL), checked against the API secret before anything else.
   */
  signature?: { value: string; signed: string };
  /** False when nothing in the URL changes pixels (the original may be served). */
  transformed: boolean;
  /** A normalised rendering of the transformations (same meaning → same string). */
  canonical: string;
}

/**
 * Default cap on chained components (`MEDIA_MAX_TRANSFORMATIONS`): each geometry step
 * materialises a full image, so a long chain multiplies the work of one request. Our clients
 * build one component; ten leaves room for hand-written Cloudinary URLs.
 */
export const DEFAULT_MAX_TRANSFORMATIONS = 10;
const MAX_PATH_LENGTH = 2_048;

/** Extensions stripped from the last path segment; `pdf` delivers the original document. */
export const DELIVERY_EXTENSIONS: ReadonlySet<string> = new Set([
  'jpg',
  'jpeg',
  'png',
  'webp',
  'avif',
  'gif',
  'pdf',
  'tif',
  'tiff',
  'bmp',
  'svg',
  'heic',
  'jxl',
]);
const VERSION_SHAPE = /^v(\d{1,12})$/;
/** A named transformation's component: `t_{name}`, alone. */
const NAMED_SHAPE = /^t_([\w-]{1,64})$/;
/** `s--{8 characters}--` (SHA-1), or 32 with `long_url_signature` (SHA-256). */
const SIGNATURE_SHAPE = /^s--(?:[\w-]{8}|[\w-]{32})--$/;

/** Every field, keys sorted at every depth: parameters in any order share one derivation. */
function serializeStep(step: TransformationStep | ResolvedStep): string {
  return JSON.stringify(step, (_key, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
      : value,
  );
}

/** A layer's steps take no client hints (they would need the layer's own Vary). */
function asLayerStep(segment: string, step: TransformationStep): ResolvedStep {
  if (step.width?.kind === 'auto' || step.dpr === 'auto') {
    throw invalid(segment, 'w_auto and dpr_auto do not apply to layers');
  }
  if (step.overlay) throw invalid(segment, 'layers cannot be nested');
  return step as ResolvedStep;
}

/**
 * Steps in order, each `l_` component and the components after it up to its `fl_layer_apply`
 * folded into one overlay step. Without `fl_layer_apply`, the `l_` component's g_/x_/y_ place
 * the layer and its other parameters transform it.
 */
function foldLayers(segments: string[], components: ComponentResult[]): TransformationStep[] {
  const steps: TransformationStep[] = [];
  for (let index = 0; index < components.length; index++) {
    const component = components[index] as ComponentResult;
    if (!component.layer) {
      if (component.flags.layerApply) {
        throw invalid(segments[index] as string, 'fl_layer_apply without a layer (l_) before it');
      }
      if (Object.keys(component.step).length > 0) steps.push(component.step);
      continue;
    }
    const applyAt = components.findIndex((other, at) => at > index && other.flags.layerApply);
    const end = applyAt < 0 ? index : applyAt;
    const { gravity, x, y, ...own } = component.step;
    const placement =
      applyAt < 0 ? { gravity, x, y } : (components[applyAt] as ComponentResult).step;
    const { gravity: where = 'center', x: dx = 0, y: dy = 0, ...extra } = placement;
    if (Object.values(extra).some((value) => value !== undefined)) {
      throw invalid(segments[end] as string, 'a fl_layer_apply component takes only g_, x_ and y_');
    }
    const layerSteps = [
      applyAt < 0 ? own : component.step,
      ...components.slice(index + 1, end).map((other) => other.step),
    ];
    steps.push({
      overlay: {
        source: component.layer,
        steps: layerSteps
          .map((step, at) => asLayerStep(segments[index + at] as string, step))
          .filter((step) => Object.keys(step).length > 0),
        gravity: where,
        x: dx,
        y: dy,
      },
    });
    index = end;
  }
  return steps;
}

/** A normalised rendering of what the output depends on (same meaning → same string). */
export function canonicalize(
  steps: readonly (TransformationStep | ResolvedStep)[],
  request: Pick<DeliveryRequest, 'format' | 'extension' | 'quality' | 'page' | 'flags'>,
): string {
  return [
    ...steps.map(serializeStep),
    `f_${request.format ?? `ext:${request.extension ?? ''}`}`,
    `q_${request.quality}`,
    `pg_${request.page ?? 'all'}`,
    request.flags.progressive ? 'fl_progressive' : '',
  ]
    .filter(Boolean)
    .join('/');
}

/** `t_{name}` components replaced by the named transformations' components. */
function expandNamed(segments: readonly string[], named: ReadonlyMap<string, string>): string[] {
  return segments.flatMap((segment) => {
    const name = NAMED_SHAPE.exec(segment)?.[1];
    if (name === undefined) return [segment];
    const definition = named.get(name);
    if (definition === undefined) {
      throw invalid(segment, `no named transformation "${name}" is defined`);
    }
    return definition.split('/');
  });
}

/** The names a URL's `t_` components use (to be loaded before it is parsed). */
export function namedTransformationsIn(pathname: string): string[] {
  return [...pathname.matchAll(/(?:^|\/)t_([\w-]{1,64})(?=\/)/g)].map(
    (match) => match[1] as string,
  );
}

/**
 * Checks a transformation string (what the admin API stores as a named transformation):
 * every component parses and layers fold, with no `t_` inside (no nesting).
 */
export function validateTransformation(definition: string, maxTransformations: number): void {
  const segments = definition.split('/');
  const nested = segments.find((segment) => NAMED_SHAPE.test(segment));
  if (nested !== undefined) {
    throw invalid(nested, 'a named transformation cannot use another one');
  }
  assertChainLength(segments.length, maxTransformations);
  foldLayers(segments, segments.map(parseComponent));
}

/** Refuses a chain of more components than configured (`MEDIA_MAX_TRANSFORMATIONS`). */
function assertChainLength(components: number, maxTransformations: number): void {
  if (components > maxTransformations) {
    throw new MediaError(
      'limit_exceeded',
      `Too many chained transformations: ${components} components; the maximum is ${maxTransformations}`,
    );
  }
}

/** `s--…--` before the transformation: its value, and what it signs; the other segments. */
function splitSignature(segments: string[]): {
  signature?: { value: string; signed: string };
  rest: string[];
} {
  if (!SIGNATURE_SHAPE.test(segments[0] as string)) return { rest: segments };
  const rest = segments.slice(1);
  // Cloudinary signs the transformation and the public id as written, without the version.
  const signed = rest.filter(
    (segment, at) => at === rest.length - 1 || !VERSION_SHAPE.test(segment),
  );
  return {
    signature: { value: (segments[0] as string).slice(3, -2), signed: signed.join('/') },
    rest,
  };
}

/**
 * The transformation components as written, the version and the public id's segments. Without
 * a version, the transformation is the leading segments that read as one.
 */
function splitTransformation(rest: string[]): {
  written: string[];
  version?: number;
  publicIdSegments: string[];
} {
  const versionIndex = rest.findIndex(
    (segment, index) => index < rest.length - 1 && VERSION_SHAPE.test(segment),
  );
  if (versionIndex >= 0) {
    return {
      written: rest.slice(0, versionIndex),
      version: Number((VERSION_SHAPE.exec(rest[versionIndex] as string) as RegExpExecArray)[1]),
      publicIdSegments: rest.slice(versionIndex + 1),
    };
  }
  let index = 0;
  while (index < rest.length - 1 && looksLikeTransformation(rest[index] as string)) index++;
  return { written: rest.slice(0, index), publicIdSegments: rest.slice(index) };
}

/** The public id, and the delivery extension its last segment ends with (stripped from it). */
function publicIdAndExtension(decoded: string[]): { publicId: string; extension?: string } {
  const publicId = decoded.join('/');
  const last = decoded[decoded.length - 1] ?? '';
  const dot = last.lastIndexOf('.');
  const candidate = dot > 0 ? last.slice(dot + 1).toLowerCase() : '';
  if (!DELIVERY_EXTENSIONS.has(candidate)) return { publicId };
  return {
    publicId: publicId.slice(0, publicId.length - (last.length - dot)),
    extension: candidate,
  };
}

/** Format, quality, page, default image and flags apply to the whole chain: the last one wins. */
function chainSettings(components: readonly ComponentResult[]) {
  let format: OutputFormat | 'auto' | undefined;
  let quality: number | QualityPreset = 'good';
  let page: number | undefined;
  let defaultImage: string | undefined;
  const flags: Flags = {};
  for (const component of components) {
    if (component.format !== undefined) format = component.format;
    if (component.quality !== undefined) quality = component.quality;
    if (component.page !== undefined) page = component.page;
    if (component.defaultImage !== undefined) defaultImage = component.defaultImage;
    Object.assign(flags, component.flags);
  }
  return { format, quality, page, defaultImage, flags };
}

/**
 * Parses a delivery URL's path (the query string must already be removed).
 * Throws `MediaError` for anything malformed, hostile or unsupported, or for more than
 * `maxTransformations` chained components.
 */
export function parseDeliveryPath(
  pathname: string,
  maxTransformations = DEFAULT_MAX_TRANSFORMATIONS,
  named: ReadonlyMap<string, string> = new Map(),
): DeliveryRequest {
  if (pathname.length > MAX_PATH_LENGTH) {
    throw new MediaError('invalid_request', `URL path longer than ${MAX_PATH_LENGTH} characters`);
  }
  const [cloudName, resourceType, type, ...segments] = pathname.replace(/^\/+/, '').split('/');
  if (!cloudName || resourceType !== 'image' || type !== 'upload') {
    throw new MediaError('not_found', 'Only /{cloud}/image/upload/… URLs are served');
  }
  if (segments.length === 0 || segments.every((segment) => segment === '')) {
    throw new MediaError('invalid_public_id', 'Invalid public id: it is empty');
  }
  const { signature, rest } = splitSignature(segments);
  const { written, version, publicIdSegments } = splitTransformation(rest);
  const transformation = expandNamed(written, named);
  const components = transformation.map(parseComponent);
  assertChainLength(components.length, maxTransformations);
  const { publicId, extension } = publicIdAndExtension(decodePublicIdSegments(publicIdSegments));
  assertValidPublicId(publicId);

  const settings = chainSettings(components);
  const steps = foldLayers(transformation, components);
  return {
    cloudName,
    steps,
    ...settings,
    version,
    publicId,
    extension,
    signature,
    // fl_attachment and d_ change headers and fallbacks, not pixels.
    transformed:
      steps.length > 0 ||
      components.some(
        (component) =>
          component.format !== undefined ||
          component.quality !== undefined ||
          component.page !== undefined ||
          component.flags.progressive === true,
      ),
    canonical: canonicalize(steps, { ...settings, extension }),
  };
}

/**
 * `/{cloud}/raw/upload/[v{version}/]{public_id}`: a raw file, delivered as stored. Raw files
 * take no transformation, and their public ids keep their extension.
 */
export function parseRawDeliveryPath(pathname: string): {
  cloudName: string;
  publicId: string;
  version?: number;
} {
  if (pathname.length > MAX_PATH_LENGTH) {
    throw new MediaError('invalid_request', `URL path longer than ${MAX_PATH_LENGTH} characters`);
  }
  const [cloudName = '', , , ...rest] = pathname.replace(/^\/+/, '').split('/');
  const version = rest.length > 1 ? VERSION_SHAPE.exec(rest[0] as string)?.[1] : undefined;
  const publicId = decodePublicIdSegments(rest.slice(version === undefined ? 0 : 1)).join('/');
  assertValidPublicId(publicId);
  return { cloudName, publicId, version: version === undefined ? undefined : Number(version) };
}
