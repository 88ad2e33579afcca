import type { MediaDeliveryConfig } from '@coursepack/images/build-media-url';
import { AppError } from '@/lib/app-error';

/**
 * The stored original of an uploaded PDF, as delivered (`…/image/upload/{public_id}.pdf` with no
 * transformation), from our media service or Cloudinary alike.
 */
export async function fetchOriginalPdf(
  delivery: MediaDeliveryConfig,
  publicId: string,
): Promise<Uint8Array> {
  const base = delivery.baseUrl.replace(/\/+$/, '');
  const path = publicId.split('/').map(encodeURIComponent).join('/');
  const response = await fetch(
    `${base}/${encodeURIComponent(delivery.cloudName)}/image/upload/${path}.pdf`,
  );
  if (response.status === 404) {
    throw new AppError('not_found', 'The uploaded file is missing; upload it again.');
  }
  if (!response.ok) {
    throw new Error(
      `The media service answered ${response.status} for the original of ${publicId}`,
    );
  }
  return new Uint8Array(await response.arrayBuffer());
}
