import {
  CROP_MODES as CROP_MODE_LIST,
  type CropMode,
  GRAVITIES as GRAVITY_LIST,
  type Gravity,
} from '@coursepack/images/build-media-url';
import { MediaError } from '../media-error';
import type {
  Dimension,
  FixedDimension,
  OutputFormat,
  QualityPreset,
  TransformationStep,
} from './parse-delivery-path';
import { type LayerSource, parseLayerSource } from './parse-overlay';
import { assertValidPublicId } from './public-id';
import {
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

/** Largest width or height a URL may ask for, before the output-pixel limit applies. */
export const MAX_DIMENSION = 16_384;

/** What one comma-separated component of a delivery URL says. */
export interface ComponentResult {
  step: TransformationStep;
  format?: OutputFormat | 'auto';
  quality?: number | QualityPreset;
  page?: number;
  flags: Flags;
  defaultImage?: string;
  layer?: LayerSource;
}

/** Reads one `key_value` parameter (`part` is it whole, for messages) into its component. */
type ParameterParser = (part: string, value: string, result: ComponentResult) => void;

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
const QUALITY_PRESETS: ReadonlySet<string> = new Set(['best', 'good', 'eco', 'low']);
const PARAM_SHAPE = /^([a-z]+)_(.+)$/;

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

function parseQuality(part: string, value: string): number | QualityPreset {
  if (value === 'auto') return 'good';
  if (value.startsWith('auto:') && QUALITY_PRESETS.has(value.slice(5))) {
    return value.slice(5) as QualityPreset;
  }
  if (/^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= 100) return Number(value);
  throw invalid(part, 'quality must be auto, auto:best|good|eco|low or 1-100');
}

function parseFormat(part: string, value: string): OutputFormat | 'auto' {
  if (value === 'auto') return 'auto';
  const format = FORMATS[value];
  if (!format) throw invalid(part, 'format must be auto, jpg, png, webp, avif or gif');
  return format;
}

function parseDpr(part: string, value: string): number | 'auto' {
  if (value === 'auto') return 'auto';
  const dpr = parsePositiveDecimal(value);
  if (dpr === undefined || dpr < 0.1 || dpr > 4) {
    throw invalid(part, 'dpr must be a number from 0.1 to 4');
  }
  return dpr;
}

function parseCrop(part: string, value: string): CropMode {
  if (UNSUPPORTED_CROP_MODES.has(value)) {
    throw new MediaError(
      'unsupported_transformation',
      `Unsupported crop mode ${part}: use ${CROP_MODE_LIST.join(', ')}`,
    );
  }
  if (!CROP_MODES.has(value)) throw invalid(part, 'unknown crop mode');
  return value as CropMode;
}

function parseGravity(part: string, value: string): Gravity {
  if (!GRAVITIES.has(value)) {
    throw new MediaError(
      'unsupported_transformation',
      `Unsupported gravity ${part}: use auto, face, faces, center or a compass direction`,
    );
  }
  return value as Gravity;
}

function parsePage(part: string, value: string): number {
  if (!/^\d{1,6}$/.test(value) || Number(value) < 1) {
    throw invalid(part, 'page must be a positive whole number');
  }
  return Number(value);
}

/**
 * The delivery grammar: every parameter this service implements and how it is read, in the
 * order the unsupported-parameter message lists them. The supported keys and that message are
 * derived from this table, so a parameter is added in one place.
 */
export const DELIVERY_PARAMETERS: Readonly<Record<string, ParameterParser>> = {
  w: (part, value, { step }) => {
    step.width = parseAutoWidth(part, value) ?? parseDimension(part, value);
  },
  h: (part, value, { step }) => {
    step.height = parseDimension(part, value);
  },
  c: (part, value, { step }) => {
    step.crop = parseCrop(part, value);
  },
  g: (part, value, { step }) => {
    step.gravity = parseGravity(part, value);
  },
  x: (part, value, { step }) => {
    step.x = parseOffset(part, value);
  },
  y: (part, value, { step }) => {
    step.y = parseOffset(part, value);
  },
  q: (part, value, result) => {
    result.quality = parseQuality(part, value);
  },
  f: (part, value, result) => {
    result.format = parseFormat(part, value);
  },
  dpr: (part, value, { step }) => {
    step.dpr = parseDpr(part, value);
  },
  ar: (part, value, { step }) => {
    step.aspectRatio = parseAspectRatio(part, value);
  },
  pg: (part, value, result) => {
    result.page = parsePage(part, value);
  },
  e: (part, value, { step }) => {
    step.effect = parseEffect(part, value);
  },
  r: (part, value, { step }) => {
    step.radius = parseRadius(part, value);
  },
  a: (part, value, { step }) => {
    step.angle = parseAngle(part, value);
  },
  b: (part, value, { step }) => {
    step.background = parseColour(part, value);
  },
  bo: (part, value, { step }) => {
    step.border = parseBorder(part, value);
  },
  o: (part, value, { step }) => {
    step.opacity = parseOpacity(part, value);
  },
  co: (part, value, { step }) => {
    step.colour = parseColour(part, value);
  },
  fl: (part, value, result) => {
    parseFlags(part, value, result.flags);
  },
  d: (_part, value, result) => {
    // Folders are written with `:` in place of `/`.
    result.defaultImage = value.replaceAll(':', '/');
  },
  l: (part, value, result) => {
    result.layer = parseLayerSource(part, value);
    if (result.layer.kind === 'image') assertValidPublicId(result.layer.publicId);
  },
  t: (part) => {
    // A component that is only `t_{name}` was expanded before parsing.
    throw invalid(part, 'a named transformation (t_) must be alone in its component');
  },
};

/** Cloudinary parameters we recognise but do not implement: a clear 400 rather than a 404. */
export const UNSUPPORTED_PARAMETERS: ReadonlySet<string> = new Set([
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

function parserOf(key: string): ParameterParser | undefined {
  return Object.hasOwn(DELIVERY_PARAMETERS, key) ? DELIVERY_PARAMETERS[key] : undefined;
}

/** "w, h, … l and t": the implemented parameters, as the unsupported-parameter message lists them. */
export function implementedParameters(): string {
  const keys = Object.keys(DELIVERY_PARAMETERS);
  return `${keys.slice(0, -1).join(', ')} and ${keys.at(-1)}`;
}

/** Whether a path segment reads as a transformation (else it starts the public id). */
export function looksLikeTransformation(segment: string): boolean {
  let known = false;
  for (const part of segment.split(',')) {
    const match = PARAM_SHAPE.exec(part);
    if (!match) return false;
    const key = match[1] as string;
    if (parserOf(key) || UNSUPPORTED_PARAMETERS.has(key)) known = true;
  }
  return known;
}

/** One comma-separated component of a delivery URL, each parameter read by its table entry. */
export function parseComponent(segment: string): ComponentResult {
  const result: ComponentResult = { step: {}, flags: {} };
  const seen = new Set<string>();
  for (const part of segment.split(',')) {
    const match = PARAM_SHAPE.exec(part);
    if (!match) throw invalid(part, 'expected key_value');
    const key = match[1] as string;
    const value = match[2] as string;
    if (UNSUPPORTED_PARAMETERS.has(key)) {
      throw new MediaError(
        'unsupported_transformation',
        `Unsupported transformation parameter ${part}: this service implements ${implementedParameters()}`,
      );
    }
    const parse = parserOf(key);
    if (!parse) throw invalid(part, `unknown parameter "${key}"`);
    // Flags add up: next-cloudinary writes `fl_layer_apply,fl_no_overflow`.
    if (seen.has(key) && key !== 'fl') {
      throw invalid(part, `"${key}" appears twice in one component`);
    }
    seen.add(key);
    parse(part, value, result);
  }
  return result;
}
