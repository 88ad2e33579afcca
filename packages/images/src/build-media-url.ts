/**
 * Delivery URLs in Cloudinary's grammar. The same call yields the same path for our media
 * service and for res.cloudinary.com; only `baseUrl` differs, so `MEDIA_BASE_URL` switches
 * the app between them with no code change.
 */

export interface MediaDeliveryConfig {
  /** e.g. `http://localhost:3002` or `https://res.cloudinary.com` (no trailing slash needed). */
  baseUrl: string;
  cloudName: string;
}

/** Crop modes of Cloudinary's grammar that our media service implements. */
export const CROP_MODES = [
  'fill',
  'fit',
  'limit',
  'scale',
  'thumb',
  'pad',
  'crop',
  'lfill',
  'lpad',
  'auto',
] as const;
export type CropMode = (typeof CROP_MODES)[number];
export const GRAVITIES = [
  'auto',
  'center',
  'north',
  'south',
  'east',
  'west',
  'north_east',
  'north_west',
  'south_east',
  'south_west',
  'face',
  'faces',
] as const;
export type Gravity = (typeof GRAVITIES)[number];
export type MediaFormat = 'auto' | 'jpg' | 'png' | 'webp' | 'avif';
export type MediaQuality = 'auto' | 'auto:best' | 'auto:good' | 'auto:eco' | 'auto:low' | number;

export interface MediaUrlOptions {
  width?: number;
  height?: number;
  crop?: CropMode;
  gravity?: Gravity;
  /** Default `auto`. */
  quality?: MediaQuality;
  /** Default `auto` (negotiated from the browser's `Accept`). */
  format?: MediaFormat;
  dpr?: number;
  /** `16:9` or a number (width / height). */
  aspectRatio?: string | number;
  /** 1-based page of a PDF. */
  page?: number;
  /** The asset version returned by the upload API; busts caches when an asset is replaced. */
  version?: number;
}

function assertPositiveInteger(name: string, value: number | undefined): void {
  if (value !== undefined && (!Number.isInteger(value) || value < 1)) {
    throw new RangeError(`${name} must be a positive integer (got ${value})`);
  }
}

function encodePublicId(publicId: string): string {
  const trimmed = publicId.replace(/^\/+/, '');
  if (trimmed === '') throw new RangeError('publicId must not be empty');
  return trimmed
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
}

/** The transformation component, parameters in alphabetical order as Cloudinary's SDKs emit them. */
export function buildTransformation(options: MediaUrlOptions): string {
  assertPositiveInteger('width', options.width);
  assertPositiveInteger('height', options.height);
  assertPositiveInteger('page', options.page);
  const quality = options.quality ?? 'auto';
  if (typeof quality === 'number' && (!Number.isInteger(quality) || quality < 1 || quality > 100)) {
    throw new RangeError(`quality must be an integer from 1 to 100 (got ${quality})`);
  }
  if (options.dpr !== undefined && !(options.dpr > 0 && options.dpr <= 4)) {
    throw new RangeError(`dpr must be greater than 0 and at most 4 (got ${options.dpr})`);
  }
  const params: string[] = [];
  if (options.aspectRatio !== undefined) params.push(`ar_${options.aspectRatio}`);
  if (options.crop) params.push(`c_${options.crop}`);
  if (options.dpr !== undefined) params.push(`dpr_${formatDecimal(options.dpr)}`);
  params.push(`f_${options.format ?? 'auto'}`);
  if (options.gravity) params.push(`g_${options.gravity}`);
  if (options.height !== undefined) params.push(`h_${options.height}`);
  if (options.page !== undefined) params.push(`pg_${options.page}`);
  params.push(`q_${quality}`);
  if (options.width !== undefined) params.push(`w_${options.width}`);
  return params.join(',');
}

function formatDecimal(value: number): string {
  return Number.isInteger(value) ? `${value}.0` : String(value);
}

export function buildMediaUrl(
  config: MediaDeliveryConfig,
  publicId: string,
  options: MediaUrlOptions = {},
): string {
  const base = config.baseUrl.replace(/\/+$/, '');
  const version = options.version !== undefined ? `/v${options.version}` : '';
  return `${base}/${encodeURIComponent(config.cloudName)}/image/upload/${buildTransformation(options)}${version}/${encodePublicId(publicId)}`;
}

/**
 * The uploaded file itself, untransformed (`…/image/upload/{publicId}.pdf` returns the original
 * PDF in Cloudinary's grammar and ours): what a "Download" link points at.
 */
export function buildOriginalUrl(
  config: MediaDeliveryConfig,
  publicId: string,
  extension: string,
  options: {
    /**
     * `fl_attachment:{name}`: answered as a download saved as `{name}.{extension}` (letters,
     * digits, `_`, `.` and `-` only, as Cloudinary and our media service accept).
     */
    attachment?: string;
  } = {},
): string {
  const base = config.baseUrl.replace(/\/+$/, '');
  const { attachment } = options;
  if (attachment !== undefined && !/^[A-Za-z0-9_.-]+$/.test(attachment)) {
    throw new RangeError(
      `An attachment name may only hold letters, digits, _ . and -: ${attachment}`,
    );
  }
  const flags = attachment === undefined ? '' : `fl_attachment:${attachment}/`;
  return `${base}/${encodeURIComponent(config.cloudName)}/image/upload/${flags}${encodePublicId(publicId)}.${encodeURIComponent(extension)}`;
}

/**
 * A document's preview on cards and lists: the top of its first page. Shared by the web app,
 * which shows it, and the worker, which renders it once a document is ready so that the first
 * visitor does not wait for it.
 */
export const DOCUMENT_THUMBNAIL: MediaUrlOptions = {
  width: 96,
  height: 128,
  crop: 'fill',
  gravity: 'north',
  page: 1,
};
