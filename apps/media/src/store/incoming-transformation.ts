import type { MediaConfig } from '../config';
import type { DeliveryService } from '../deliver/delivery-service';
import { isOutputFormat } from '../derive/choose-output-format';
import { deliverWaiting } from '../derive/eager-transformations';
import type { OutputFormat } from '../grammar/parse-delivery-path';
import { MediaError } from '../media-error';
import { imageDeliveryPath, type UploadResponse } from './store-uploaded-file';

/**
 * Cloudinary's incoming transformation: an upload's `transformation` (what the SDKs make of
 * top-level options, `upload(file, { width: 1000, crop: 'limit' })`) and `format` change the
 * image before it is kept, so the stored original, its size and every later derivation start
 * from the result: "resize on upload". The upload is stored as sent, derived through the
 * delivery pipeline (same parameters, limits and errors as a URL), and the result stored in
 * its place as the asset's next version, which the answer describes.
 */
export interface IncomingTransformation {
  transformation: string;
  format?: OutputFormat;
}

/** The upload's incoming transformation, or undefined when it asks for none. */
export function readIncomingTransformation(
  params: Readonly<Record<string, string>>,
): IncomingTransformation | undefined {
  const transformation = (params.transformation ?? '').trim();
  const format = (params.format ?? '')
    .trim()
    .toLowerCase()
    .replace(/^jpeg$/, 'jpg');
  if (format !== '' && !isOutputFormat(format)) {
    throw new MediaError(
      'invalid_request',
      `Invalid format ${params.format}: use jpg, png, webp, avif or gif`,
    );
  }
  if (transformation === '' && format === '') return undefined;
  return { transformation, ...(isOutputFormat(format) ? { format } : {}) };
}

/**
 * Replaces the stored upload with its transformed self; `store` keeps the bytes as the same
 * upload again (same public id, folder, tags and context). An existing
 * asset kept by `overwrite: false` is answered untouched.
 */
export async function applyIncomingTransformation(
  delivery: DeliveryService,
  config: MediaConfig,
  incoming: IncomingTransformation,
  stored: UploadResponse,
  store: (bytes: Uint8Array) => Promise<UploadResponse>,
): Promise<UploadResponse> {
  if (stored.existing) return stored;
  const asset = { publicId: stored.public_id, version: stored.version };
  const extension = incoming.format ?? stored.format ?? 'jpg';
  const pathname = imageDeliveryPath(config, asset, extension, incoming.transformation);
  return store((await deliverWaiting(delivery, pathname)).body);
}
