import 'server-only';
import {
  buildMediaUrl,
  buildOriginalUrl,
  DOCUMENT_THUMBNAIL,
} from '@coursepack/images/build-media-url';
import { slugify } from '@/catalog/refs';
import { isAvatarAsset, isExternalAvatar } from '@/members/avatar-image';
import { getConfig } from '@/server/server-context';

function delivery() {
  const { mediaBaseUrl, mediaCloudName } = getConfig();
  return { baseUrl: mediaBaseUrl, cloudName: mediaCloudName };
}

/** A course cover (40:21, the Open Graph shape) from the media service or Cloudinary. */
export function coverImageUrl(assetId: string | null, width = 640): string | null {
  if (!assetId) return null;
  return buildMediaUrl(delivery(), assetId, {
    width,
    height: Math.round((width * 21) / 40),
    crop: 'fill',
    gravity: 'auto',
  });
}

/** Widths a cover is offered at in `srcset`: next.config.ts's device widths up to Open Graph's. */
const COVER_WIDTHS = [640, 828, 1200] as const;

/** A cover's `srcset`: the same cover at each of COVER_WIDTHS, for `sizes` to choose from. */
export function coverImageSrcSet(assetId: string): string {
  return COVER_WIDTHS.map((width) => `${coverImageUrl(assetId, width)} ${width}w`).join(', ');
}

/** Width of a rendered PDF page; the viewer column is at most about 900 CSS pixels wide. */
export const PAGE_IMAGE_WIDTH = 1000;

/** One page of a document's PDF, rendered by the media service (`pg_N`). */
export function pageImageUrl(assetId: string, page: number, width = PAGE_IMAGE_WIDTH): string {
  return buildMediaUrl(delivery(), assetId, { width, crop: 'limit', page });
}

/**
 * One page `width` pixels wide, for the reader's `srcset`. Up to PAGE_IMAGE_WIDTH, the same URL
 * as pageImageUrl's (one derivation to cache); wider, scaled rather than limited, so a 2x screen
 * or a zoomed page gets the PDF drawn at that size (the media service renders PDF pages at up
 * to twice their 150 DPI size) instead of stopping at 150 DPI.
 */
export function sharpPageImageUrl(assetId: string, page: number, width: number): string {
  if (width <= PAGE_IMAGE_WIDTH) return pageImageUrl(assetId, page, width);
  return buildMediaUrl(delivery(), assetId, { width, crop: 'scale', page });
}

/** The document's PDF as uploaded, for "Download". */
export function documentPdfUrl(assetId: string, title: string): string {
  // A download saved under the document's title, not opened in a tab as `{uuid}.pdf`.
  return buildOriginalUrl(delivery(), assetId, 'pdf', { attachment: slugify(title, 100) });
}

/** A small preview of a document: the top of its first page. */
export function documentThumbnailUrl(assetId: string | null): string | null {
  if (!assetId) return null;
  return buildMediaUrl(delivery(), assetId, DOCUMENT_THUMBNAIL);
}

/** A member's avatar: their upload from the media service, or their OAuth picture as is. */
export function avatarUrl(image: string | null, size = 96): string | null {
  if (!image) return null;
  if (isExternalAvatar(image)) return image;
  if (!isAvatarAsset(image)) return null;
  return buildMediaUrl(delivery(), image, {
    width: size,
    height: size,
    crop: 'fill',
    gravity: 'auto',
  });
}
