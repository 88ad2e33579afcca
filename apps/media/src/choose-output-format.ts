import type { AssetRecord } from './asset-store';
import { MediaError } from './media-error';
import type { DeliveryRequest, OutputFormat } from './parse-delivery-path';

export interface FormatChoice {
  /** `original` serves the uploaded bytes untouched (a PDF asked for as `.pdf`). */
  format: OutputFormat | 'original';
  /** True when the answer depends on `Accept` (f_auto), so caches must key on it. */
  negotiated: boolean;
}

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
 * transparency). Without f_ the extension decides; without either, the source's format
 * (JPEG for PDF pages, PNG for GIF frames).
 */
export function chooseOutputFormat(
  request: DeliveryRequest,
  asset: AssetRecord,
  accept: string,
): FormatChoice {
  if (request.format === 'auto') {
    if (accepts(accept, 'image/avif')) return { format: 'avif', negotiated: true };
    if (accepts(accept, 'image/webp')) return { format: 'webp', negotiated: true };
    return { format: asset.hasAlpha ? 'png' : 'jpg', negotiated: true };
  }
  if (request.format) return { format: request.format, negotiated: false };
  switch (request.extension) {
    case undefined:
      if (asset.format === 'pdf') return { format: 'jpg', negotiated: false };
      if (asset.format === 'gif') return { format: 'png', negotiated: false };
      return { format: asset.format, negotiated: false };
    case 'jpg':
    case 'jpeg':
      return { format: 'jpg', negotiated: false };
    case 'png':
    case 'webp':
    case 'avif':
      return { format: request.extension, negotiated: false };
    case 'pdf':
      if (asset.format === 'pdf' && request.steps.length === 0) {
        return { format: 'original', negotiated: false };
      }
      throw new MediaError(
        'invalid_transformation',
        'Invalid transformation: only an untransformed PDF can be delivered as .pdf; use .jpg, .png, .webp or f_auto for pages',
      );
    default:
      throw new MediaError(
        'invalid_transformation',
        `Invalid transformation: .${request.extension} is not a delivery format (use jpg, png, webp, avif or f_auto)`,
      );
  }
}

export const CONTENT_TYPES: Readonly<Record<OutputFormat, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};
