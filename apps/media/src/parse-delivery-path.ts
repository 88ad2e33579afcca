import {
  CROP_MODES as CROP_MODE_LIST,
  type CropMode,
  GRAVITIES as GRAVITY_LIST,
  type Gravity,
} from '@coursepack/images/build-media-url';
import { MediaError } from './media-error';
import { type LayerSource, parseLayerSource } from './parse-overlay';
import {
  type Angle,
  type Border,
  type Colour,
  type Effect,
  type Flags,
  invalid,
  parseAngle,
  parseBorder,
  parseColour,
  parseEffect,
  parseFlags,
  parseOpacity,
  parseRadius,
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

/** Largest width or height a URL may ask for, before the output-pixel limit applies. */
export const MAX_DIMENSION = 16_384;
export const MAX_PUBLIC_ID_LENGTH = 255;
/**
 * Default cap on chained components (`MEDIA_MAX_TRANSFORMATIONS`): each geometry step
 * materialises a full image, so a long chain multiplies the work of one request. Our clients
 * build one component; ten leaves room for hand-written Cloudinary URLs.
 */
export const DEFAULT_MAX_TRANSFORMATIONS = 10;
const MAX_PATH_LENGTH = 2_048;

const CROP_MODES: ReadonlySet<string> = new Set(CROP_MODE_LIST);
const UNSUPPORTED_CROP_MODES: ReadonlySet<string> = new Set([
  'mpad',
  'mfit',
  'fill_pad',
  'auto_pad',
  'imagga_crop',
  'imagga_scale',
]);
const GRAVITIES: ReadonlySet<string> = new Set(GRAVITY_LIST);
const FORMATS: Readonly<Record<string, OutputFormat>> = {
  jpg: 'jpg',
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  avif: 'avif',
  gif: 'gif',
};
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
const SUPPORTED_KEYS: ReadonlySet<string> = new Set([
  'w',
  'h',
  'c',
  'g',
  'q',
  'f',
  'dpr',
  'ar',
  'pg',
  'x',
  'y',
  'e',
  'r',
  'a',
  'b',
  'bo',
  'o',
  'co',
  'fl',
  'd',
  'l',
  't',
]);
/** Cloudinary parameters we recognise but do not implement: a clear 400 rather than a 404. */
const UNSUPPORTED_KEYS: ReadonlySet<string> = new Set([
  'ac',
  'af',
  'br',
  'cs',
  'dl',
  'dn',
  'du',
  'eo',
  'fn',
  'fps',
  'if',
  'ki',
  'p',
  'so',
  'sp',
  'u',
  'vc',
  'vs',
  'z',
]);
const IMPLEMENTED = 'w, h, c, g, x, y, q, f, dpr, ar, pg, e, r, a, b, bo, o, co, fl, d, l and t';
const PARAM_SHAPE = /^([a-z]+)_(.+)$/;
const VERSION_SHAPE = /^v(\d{1,12})$/;
/** A named transformation's component: `t_{name}`, alone. */
const NAMED_SHAPE = /^t_([\w-]{1,64})$/;
/** `s--{8 characters}--` (SHA-1), or 32 with `long_url_signature` (SHA-256). */
const SIGNATURE_SHAPE = /^s--(?:[\w-]{8}|[\w-]{32})--$/;
const QUALITY_PRESETS: ReadonlySet<string> = new Set(['best', 'good', 'eco', 'low']);

function looksLikeTransformation(segment: string): boolean {
  let known = false;
  for (const part of segment.split(',')) {
    const match = PARAM_SHAPE.exec(part);
    if (!match) return false;
    const key = match[1] as string;
    if (SUPPORTED_KEYS.has(key) || UNSUPPORTED_KEYS.has(key)) known = true;
  }
  return known;
}

function parseDimension(part: string, value: string): FixedDimension {
  if (/^\d+$/.test(value)) {
    const px = Number(value);
    if (px < 1 || px > MAX_DIMENSION) {
      throw invalid(part, `must be between 1 and ${MAX_DIMENSION} pixels`);
    }
    return { kind: 'px', value: px };
  }
  if (/^(0?\.\d+|1\.0*)$/.test(value)) {
    const fraction = Number(value);
    if (fraction > 0 && fraction <= 1) return { kind: 'relative', value: fraction };
  }
  throw invalid(part, 'must be a whole number of pixels or a fraction up to 1.0');
}

function parsePositiveDecimal(value: string): number | undefined {
  if (!/^\d{1,5}(\.\d{1,6})?$/.test(value) && !/^\.\d{1,6}$/.test(value)) return undefined;
  const number = Number(value);
  return number > 0 ? number : undefined;
}

function parseAspectRatio(part: string, value: string): number {
  const pair = /^(.+):(.+)$/.exec(value);
  const ratio = pair
    ? (parsePositiveDecimal(pair[1] as string) ?? Number.NaN) /
      (parsePositiveDecimal(pair[2] as string) ?? Number.NaN)
    : parsePositiveDecimal(value);
  if (ratio === undefined || !Number.isFinite(ratio) || ratio < 0.01 || ratio > 100) {
    throw invalid(part, 'must be "width:height" or a decimal between 0.01 and 100');
  }
  return ratio;
}

interface ComponentResult {
  step: TransformationStep;
  format?: OutputFormat | 'auto';
  quality?: number | QualityPreset;
  page?: number;
  flags: Flags;
  defaultImage?: string;
  layer?: LayerSource;
}

/** `w_auto`, `w_auto:{step}`, `w_auto:{step}:{fallback}` (Cloudinary's rounding step is 100). */
function parseAutoWidth(part: string, value: string): Dimension | undefined {
  const match = /^auto(?::(\d{1,4}))?(?::(\d{1,5}))?$/.exec(value);
  if (!match) return undefined;
  const step = match[1] === undefined ? 100 : Number(match[1]);
  const fallback = match[2] === undefined ? undefined : Number(match[2]);
  if (step < 1 || (fallback !== undefined && (fallback < 1 || fallback > MAX_DIMENSION))) {
    throw invalid(
      part,
      `w_auto takes a rounding step of at least 1 and a fallback up to ${MAX_DIMENSION}`,
    );
  }
  return { kind: 'auto', step, fallback };
}

/** `x_`/`y_`: whole pixels, negative allowed (offsets from a gravity's corner). */
function parseOffset(part: string, value: string): number {
  if (!/^-?\d{1,5}$/.test(value) || Math.abs(Number(value)) > MAX_DIMENSION) {
    throw invalid(
      part,
      `must be a whole number of pixels from -${MAX_DIMENSION} to ${MAX_DIMENSION}`,
    );
  }
  return Number(value);
}

function parseComponent(segment: string): ComponentResult {
  const result: ComponentResult = { step: {}, flags: {} };
  const seen = new Set<string>();
  for (const part of segment.split(',')) {
    const match = PARAM_SHAPE.exec(part);
    if (!match) throw invalid(part, 'expected key_value');
    const key = match[1] as string;
    const value = match[2] as string;
    if (UNSUPPORTED_KEYS.has(key)) {
      throw new MediaError(
        'unsupported_transformation',
        `Unsupported transformation parameter ${part}: this service implements ${IMPLEMENTED}`,
      );
    }
    if (!SUPPORTED_KEYS.has(key)) throw invalid(part, `unknown parameter "${key}"`);
    // Flags add up: next-cloudinary writes `fl_layer_apply,fl_no_overflow`.
    if (seen.has(key) && key !== 'fl') {
      throw invalid(part, `"${key}" appears twice in one component`);
    }
    seen.add(key);
    switch (key) {
      case 'w':
        result.step.width = parseAutoWidth(part, value) ?? parseDimension(part, value);
        break;
      case 'h':
        result.step.height = parseDimension(part, value);
        break;
      case 'c':
        if (UNSUPPORTED_CROP_MODES.has(value)) {
          throw new MediaError(
            'unsupported_transformation',
            `Unsupported crop mode ${part}: use ${CROP_MODE_LIST.join(', ')}`,
          );
        }
        if (!CROP_MODES.has(value)) throw invalid(part, 'unknown crop mode');
        result.step.crop = value as CropMode;
        break;
      case 'g':
        if (!GRAVITIES.has(value)) {
          throw new MediaError(
            'unsupported_transformation',
            `Unsupported gravity ${part}: use auto, face, faces, center or a compass direction`,
          );
        }
        result.step.gravity = value as Gravity;
        break;
      case 'q': {
        if (value === 'auto') {
          result.quality = 'good';
        } else if (value.startsWith('auto:') && QUALITY_PRESETS.has(value.slice(5))) {
          result.quality = value.slice(5) as QualityPreset;
        } else if (/^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= 100) {
          result.quality = Number(value);
        } else {
          throw invalid(part, 'quality must be auto, auto:best|good|eco|low or 1-100');
        }
        break;
      }
      case 'f': {
        if (value === 'auto') {
          result.format = 'auto';
        } else {
          const format = FORMATS[value];
          if (!format) throw invalid(part, 'format must be auto, jpg, png, webp, avif or gif');
          result.format = format;
        }
        break;
      }
      case 'dpr': {
        if (value === 'auto') {
          result.step.dpr = 'auto';
          break;
        }
        const dpr = parsePositiveDecimal(value);
        if (dpr === undefined || dpr < 0.1 || dpr > 4) {
          throw invalid(part, 'dpr must be a number from 0.1 to 4');
        }
        result.step.dpr = dpr;
        break;
      }
      case 'ar':
        result.step.aspectRatio = parseAspectRatio(part, value);
        break;
      case 'pg': {
        if (!/^\d{1,6}$/.test(value) || Number(value) < 1) {
          throw invalid(part, 'page must be a positive whole number');
        }
        result.page = Number(value);
        break;
      }
      case 'x':
        result.step.x = parseOffset(part, value);
        break;
      case 'y':
        result.step.y = parseOffset(part, value);
        break;
      case 'e':
        result.step.effect = parseEffect(part, value);
        break;
      case 'r':
        result.step.radius = parseRadius(part, value);
        break;
      case 'a':
        result.step.angle = parseAngle(part, value);
        break;
      case 'b':
        result.step.background = parseColour(part, value);
        break;
      case 'bo':
        result.step.border = parseBorder(part, value);
        break;
      case 'o':
        result.step.opacity = parseOpacity(part, value);
        break;
      case 'co':
        result.step.colour = parseColour(part, value);
        break;
      case 'fl':
        parseFlags(part, value, result.flags);
        break;
      case 'd':
        // Folders are written with `:` in place of `/`.
        result.defaultImage = value.replaceAll(':', '/');
        break;
      case 't':
        // A component that is only `t_{name}` was expanded before parsing.
        throw invalid(part, 'a named transformation (t_) must be alone in its component');
      case 'l':
        result.layer = parseLayerSource(part, value);
        if (result.layer.kind === 'image') assertValidPublicId(result.layer.publicId);
        break;
    }
  }
  return result;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new MediaError(
      'invalid_public_id',
      `Invalid public id: malformed escape in "${segment}"`,
    );
  }
}

/** Public ids are storage keys: refuse anything that could mean a different path. */
export function assertValidPublicId(publicId: string): void {
  const reject = (why: string) =>
    new MediaError('invalid_public_id', `Invalid public id ${JSON.stringify(publicId)}: ${why}`);
  if (publicId.length === 0) throw reject('it is empty');
  if (publicId.length > MAX_PUBLIC_ID_LENGTH) {
    throw reject(`longer than ${MAX_PUBLIC_ID_LENGTH} characters`);
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are among the refused ones
  if (/[\u0000-\u001f\u007f\\<>:"|?*#%]/.test(publicId)) {
    throw reject('it contains a forbidden character');
  }
  for (const segment of publicId.split('/')) {
    if (segment === '') throw reject('it has an empty path segment');
    if (segment === '.' || segment === '..') throw reject('path traversal is not allowed');
  }
}

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
  if (segments.length > maxTransformations) {
    throw new MediaError(
      'limit_exceeded',
      `Too many chained transformations: ${segments.length} components; the maximum is ${maxTransformations}`,
    );
  }
  foldLayers(segments, segments.map(parseComponent));
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
  const segments = pathname.replace(/^\/+/, '').split('/');
  const [cloudName, resourceType, type, ...rest] = segments;
  if (!cloudName || resourceType !== 'image' || type !== 'upload') {
    throw new MediaError('not_found', 'Only /{cloud}/image/upload/… URLs are served');
  }
  if (rest.length === 0 || rest.every((segment) => segment === '')) {
    throw new MediaError('invalid_public_id', 'Invalid public id: it is empty');
  }

  let signature: { value: string; signed: string } | undefined;
  if (SIGNATURE_SHAPE.test(rest[0] as string)) {
    const value = (rest.shift() as string).slice(3, -2);
    // Cloudinary signs the transformation and the public id as written, without the version.
    const signed = rest.filter(
      (segment, at) => at === rest.length - 1 || !VERSION_SHAPE.test(segment),
    );
    signature = { value, signed: signed.join('/') };
  }
  const versionIndex = rest.findIndex(
    (segment, index) => index < rest.length - 1 && VERSION_SHAPE.test(segment),
  );
  let index = 0;
  const written: string[] = [];
  if (versionIndex >= 0) {
    for (; index < versionIndex; index++) written.push(rest[index] as string);
  } else {
    while (index < rest.length - 1 && looksLikeTransformation(rest[index] as string)) {
      written.push(rest[index] as string);
      index++;
    }
  }
  const transformation = expandNamed(written, named);
  const components = transformation.map(parseComponent);
  if (components.length > maxTransformations) {
    throw new MediaError(
      'limit_exceeded',
      `Too many chained transformations: ${components.length} components; the maximum is ${maxTransformations}`,
    );
  }
  let version: number | undefined;
  if (versionIndex >= 0) {
    version = Number((VERSION_SHAPE.exec(rest[versionIndex] as string) as RegExpExecArray)[1]);
    index = versionIndex + 1;
  }

  const decoded = rest.slice(index).map(decodeSegment);
  if (decoded.some((segment) => segment.includes('/'))) {
    throw new MediaError('invalid_public_id', 'Invalid public id: encoded "/" is not allowed');
  }
  let publicId = decoded.join('/');
  let extension: string | undefined;
  const last = decoded[decoded.length - 1] ?? '';
  const dot = last.lastIndexOf('.');
  if (dot > 0) {
    const candidate = last.slice(dot + 1).toLowerCase();
    if (DELIVERY_EXTENSIONS.has(candidate)) {
      extension = candidate;
      publicId = publicId.slice(0, publicId.length - (last.length - dot));
    }
  }
  assertValidPublicId(publicId);

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
  const steps = foldLayers(transformation, components);
  const canonical = canonicalize(steps, { format, extension, quality, page, flags });
  return {
    cloudName,
    steps,
    format,
    quality,
    page,
    version,
    publicId,
    extension,
    flags,
    defaultImage,
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
    canonical,
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
  const decoded = rest.slice(version === undefined ? 0 : 1).map(decodeSegment);
  if (decoded.some((segment) => segment.includes('/'))) {
    throw new MediaError('invalid_public_id', 'Invalid public id: encoded "/" is not allowed');
  }
  const publicId = decoded.join('/');
  assertValidPublicId(publicId);
  return { cloudName, publicId, version: version === undefined ? undefined : Number(version) };
}
