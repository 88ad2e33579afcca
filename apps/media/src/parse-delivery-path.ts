import {
  CROP_MODES as CROP_MODE_LIST,
  type CropMode,
  GRAVITIES as GRAVITY_LIST,
  type Gravity,
} from '@coursepack/images/build-media-url';
import { MediaError } from './media-error';

/**
 * Cloudinary's delivery grammar, the subset this service implements:
 * `/{cloud}/image/upload/{transformation}/…/v{version}/{public_id}.{ext}`, where each
 * transformation component is comma-separated `key_value` parameters and components chain
 * with `/` (applied in order).
 */

export type { CropMode, Gravity };
export type OutputFormat = 'jpg' | 'png' | 'webp' | 'avif';
export type QualityPreset = 'best' | 'good' | 'eco' | 'low';

/** Pixels, or a fraction of the current image (`w_0.5`). */
export type Dimension = { kind: 'px'; value: number } | { kind: 'relative'; value: number };

export interface TransformationStep {
  width?: Dimension;
  height?: Dimension;
  crop?: CropMode;
  gravity?: Gravity;
  dpr?: number;
  aspectRatio?: number;
}

export interface DeliveryRequest {
  cloudName: string;
  /** Geometry steps in order; empty when only format/quality/page were asked for. */
  steps: TransformationStep[];
  /** From `f_`; the extension decides when absent. */
  format?: OutputFormat | 'auto';
  quality: number | QualityPreset;
  /** 1-based page of a PDF (`pg_`); page 1 when absent. */
  page: number;
  version?: number;
  publicId: string;
  extension?: string;
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
  'lfill',
  'lpad',
  'mpad',
  'mfit',
  'crop',
  'fill_pad',
  'auto',
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
]);
/** Cloudinary parameters we recognise but do not implement: a clear 400 rather than a 404. */
const UNSUPPORTED_KEYS: ReadonlySet<string> = new Set([
  'a',
  'ac',
  'af',
  'b',
  'bo',
  'br',
  'co',
  'cs',
  'd',
  'dl',
  'dn',
  'du',
  'e',
  'eo',
  'fl',
  'fn',
  'fps',
  'if',
  'ki',
  'l',
  'o',
  'p',
  'r',
  'so',
  'sp',
  't',
  'u',
  'vc',
  'vs',
  'x',
  'y',
  'z',
]);
const PARAM_SHAPE = /^([a-z]+)_(.+)$/;
const VERSION_SHAPE = /^v(\d{1,12})$/;
const QUALITY_PRESETS: ReadonlySet<string> = new Set(['best', 'good', 'eco', 'low']);

function invalid(component: string, why: string): MediaError {
  return new MediaError('invalid_transformation', `Invalid transformation ${component}: ${why}`);
}

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

function parseDimension(part: string, value: string): Dimension {
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
}

function parseComponent(segment: string): ComponentResult {
  const result: ComponentResult = { step: {} };
  const seen = new Set<string>();
  for (const part of segment.split(',')) {
    const match = PARAM_SHAPE.exec(part);
    if (!match) throw invalid(part, 'expected key_value');
    const key = match[1] as string;
    const value = match[2] as string;
    if (UNSUPPORTED_KEYS.has(key)) {
      throw new MediaError(
        'unsupported_transformation',
        `Unsupported transformation parameter ${part}: this service implements w, h, c, g, q, f, dpr, ar and pg`,
      );
    }
    if (!SUPPORTED_KEYS.has(key)) throw invalid(part, `unknown parameter "${key}"`);
    if (seen.has(key)) throw invalid(part, `"${key}" appears twice in one component`);
    seen.add(key);
    switch (key) {
      case 'w':
        result.step.width = parseDimension(part, value);
        break;
      case 'h':
        result.step.height = parseDimension(part, value);
        break;
      case 'c':
        if (UNSUPPORTED_CROP_MODES.has(value)) {
          throw new MediaError(
            'unsupported_transformation',
            `Unsupported crop mode ${part}: use fill, fit, limit, scale, thumb or pad`,
          );
        }
        if (!CROP_MODES.has(value)) throw invalid(part, 'unknown crop mode');
        result.step.crop = value as CropMode;
        break;
      case 'g':
        if (!GRAVITIES.has(value)) {
          throw new MediaError(
            'unsupported_transformation',
            `Unsupported gravity ${part}: use auto, center or a compass direction`,
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
          if (!format) throw invalid(part, 'format must be auto, jpg, png, webp or avif');
          result.format = format;
        }
        break;
      }
      case 'dpr': {
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

function serializeStep(step: TransformationStep): string {
  const dim = (d: Dimension) => (d.kind === 'px' ? String(d.value) : `${d.value}r`);
  return [
    step.aspectRatio !== undefined ? `ar_${step.aspectRatio}` : '',
    step.crop ? `c_${step.crop}` : '',
    step.dpr !== undefined ? `dpr_${step.dpr}` : '',
    step.gravity ? `g_${step.gravity}` : '',
    step.height ? `h_${dim(step.height)}` : '',
    step.width ? `w_${dim(step.width)}` : '',
  ]
    .filter(Boolean)
    .join(',');
}

/**
 * Parses a delivery URL's path (the query string must already be removed).
 * Throws `MediaError` for anything malformed, hostile or unsupported, or for more than
 * `maxTransformations` chained components.
 */
export function parseDeliveryPath(
  pathname: string,
  maxTransformations = DEFAULT_MAX_TRANSFORMATIONS,
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

  const versionIndex = rest.findIndex(
    (segment, index) => index < rest.length - 1 && VERSION_SHAPE.test(segment),
  );
  let index = 0;
  const components: ComponentResult[] = [];
  if (versionIndex >= 0) {
    for (; index < versionIndex; index++) {
      components.push(parseComponent(rest[index] as string));
    }
  } else {
    while (index < rest.length - 1 && looksLikeTransformation(rest[index] as string)) {
      components.push(parseComponent(rest[index] as string));
      index++;
    }
  }
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
  let page = 1;
  const steps: TransformationStep[] = [];
  for (const component of components) {
    if (component.format !== undefined) format = component.format;
    if (component.quality !== undefined) quality = component.quality;
    if (component.page !== undefined) page = component.page;
    if (Object.keys(component.step).length > 0) steps.push(component.step);
  }
  const canonical = [
    ...steps.map(serializeStep),
    `f_${format ?? `ext:${extension ?? ''}`}`,
    `q_${quality}`,
    `pg_${page}`,
  ].join('/');
  return { cloudName, steps, format, quality, page, version, publicId, extension, canonical };
}
