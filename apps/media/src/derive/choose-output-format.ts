import type { DeliveryRequest, OutputFormat } from '../grammar/parse-delivery-path';
import { MediaError } from '../media-error';
import type { AssetRecord, SourceFormat } from '../store/asset-store';

export interface FormatChoice {
  /** `original` serves the uploaded bytes as stored (no transformation, same format). */
  format: OutputFormat | 'original';
  /** True when the answer depends on `Accept` (f_auto), so caches must key on it. */
  negotiated: boolean;
}

/** An animation (a GIF, WebP or AVIF with frames) rather than a PDF's pages. */
export function isAnimated(asset: AssetRecord): boolean {
  return asset.format !== 'pdf' && asset.pages > 1;
}

/** Extensions naming each source format (`.jpeg` is `.jpg`). */
const SAME_FORMAT: Readonly<Record<string, string>> = { jpeg: 'jpg' };

function accepts(accept: string, type: string): boolean {
  for (const entry of accept.toLowerCase().split(',')) {
    const [mediaType, ...params] = entry.trim().split(';');
    if (mediaType?.trim() !== type) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

/**
 * f_auto picks AVIF, then WebP, from `Accept`, else JPEG (PNG when the source has
 * transparency); an animation stays animated: WebP when accepted, else GIF (sharp writes no
 * animated AVIF). Without f_ the extension decides; without either, the source's format (JPEG
 * for PDF pages). A URL without any transformation whose extension is absent or the source's
 * own serves the original bytes as stored.
 */
export function chooseOutputFormat(
  request: Omit<DeliveryRequest, 'steps'>,
  asset: AssetRecord,
  accept: string,
): FormatChoice {
  const extension = request.extension && (SAME_FORMAT[request.extension] ?? request.extension);
  if (!request.transformed && (extension === undefined || extension === asset.format)) {
    // An untransformed PDF without extension is its first page, as an image.
    if (asset.format !== 'pdf' || extension === 'pdf') {
      return { format: 'original', negotiated: false };
    }
  }
  if (request.format === 'auto') {
    if (isAnimated(asset) && request.page === undefined) {
      return { format: accepts(accept, 'image/webp') ? 'webp' : 'gif', negotiated: true };
    }
    if (accepts(accept, 'image/avif')) return { format: 'avif', negotiated: true };
    if (accepts(accept, 'image/webp')) return { format: 'webp', negotiated: true };
    return { format: asset.hasAlpha ? 'png' : 'jpg', negotiated: true };
  }
  if (request.format) return { format: request.format, negotiated: false };
  switch (extension) {
    case undefined:
      return { format: asset.format === 'pdf' ? 'jpg' : asset.format, negotiated: false };
    case 'jpg':
    case 'png':
    case 'webp':
    case 'avif':
    case 'gif':
      return { format: extension, negotiated: false };
    case 'pdf':
      throw new MediaError(
        'invalid_transformation',
        'Invalid transformation: only an untransformed PDF can be delivered as .pdf; use .jpg, .png, .webp or f_auto for pages',
      );
    default:
      throw new MediaError(
        'invalid_transformation',
        `Invalid transformation: .${request.extension} is not a delivery format (use jpg, png, webp, avif, gif or f_auto)`,
      );
  }
}

export const CONTENT_TYPES: Readonly<Record<OutputFormat, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
};

/** Whether `value` names a format images are delivered in (`jpeg` is spelt `jpg` here). */
export function isOutputFormat(value: string): value is OutputFormat {
  return Object.hasOwn(CONTENT_TYPES, value);
}

/** Content types of stored originals. */
export const SOURCE_CONTENT_TYPES: Readonly<Record<SourceFormat, string>> = {
  ...CONTENT_TYPES,
  pdf: 'application/pdf',
};
