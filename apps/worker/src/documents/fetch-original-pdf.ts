import { buildOriginalUrl, type MediaDeliveryConfig } from '@coursepack/images/build-media-url';

/** The media service no longer has the file: no retry will find it. */
export class MissingOriginalError extends Error {
  override readonly name = 'MissingOriginalError';
}

/**
 * The stored original of an uploaded PDF, as delivered (`…/image/upload/{public_id}.pdf` with no
 * transformation), from our media service or Cloudinary alike. At most `maxBytes`: the upload
 * limit, so a wrong answer cannot fill the worker's memory.
 */
export async function fetchOriginalPdf(
  delivery: MediaDeliveryConfig,
  publicId: string,
  maxBytes: number,
): Promise<Uint8Array> {
  const response = await fetch(buildOriginalUrl(delivery, publicId, 'pdf'), {
    signal: AbortSignal.timeout(60_000),
  });
  if (response.status === 404) {
    await response.body?.cancel();
    throw new MissingOriginalError('The uploaded file is missing; upload it again.');
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(
      `The media service answered ${response.status} for the original of ${publicId}`,
    );
  }
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new MissingOriginalError(
      `The stored file is ${declared} bytes, more than the upload limit; upload it again.`,
    );
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.byteLength > maxBytes) {
    throw new MissingOriginalError(
      'The stored file is larger than the upload limit; upload it again.',
    );
  }
  return bytes;
}
