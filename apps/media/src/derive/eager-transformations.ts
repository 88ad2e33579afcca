import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { MediaConfig } from '../config';
import type { DeliveryService } from '../deliver/delivery-service';
import type { OutputFormat } from '../grammar/parse-delivery-path';
import { MediaError } from '../media-error';
import { imageDeliveryPath } from '../store/store-uploaded-file';
import { CONTENT_TYPES, isOutputFormat } from './choose-output-format';

/**
 * Cloudinary's `eager` upload parameter: derivations made while the upload is answered, so the
 * first visitor finds them ready, each listed in the answer with its size and URL
 * (`result.eager[0].secure_url`). The SDKs send them as `build_eager` writes them: chained
 * transformations separated by `|`, each optionally ending in `/{format}`
 * (`c_scale,w_400|c_fill,h_200,w_200/png`).
 */

/** At Cloudinary an upload may ask for this many; more would make an upload a batch job. */
export const MAX_EAGER_TRANSFORMATIONS = 10;
/** A derivation still running past the delivery budget is waited for, up to this long. */
const EAGER_WAIT_MS = 60_000;
const FORMAT_OF_CONTENT_TYPE = new Map(
  Object.entries(CONTENT_TYPES).map(([format, contentType]) => [contentType, format]),
);

export interface EagerRequest {
  /** As the uploader wrote it, format included: what the answer names it by. */
  text: string;
  transformation: string;
  format?: OutputFormat;
}

export interface EagerDerivation {
  transformation: string;
  width: number;
  height: number;
  bytes: number;
  format: string;
  url: string;
  secure_url: string;
}

/** The `eager` parameter's derivations; none when it is absent or empty. */
export function parseEagerParam(value: string | undefined): EagerRequest[] {
  const items = (value ?? '').split('|').filter((item) => item.trim() !== '');
  if (items.length > MAX_EAGER_TRANSFORMATIONS) {
    throw new MediaError(
      'invalid_request',
      `Too many eager transformations: ${items.length} (the maximum is ${MAX_EAGER_TRANSFORMATIONS})`,
    );
  }
  return items.map((text) => {
    const slash = text.lastIndexOf('/');
    const last = text.slice(slash + 1);
    if (slash >= 0 && isOutputFormat(last)) {
      return { text, transformation: text.slice(0, slash), format: last };
    }
    return { text, transformation: text };
  });
}

/** Without a format Cloudinary keeps the source's, as a delivery URL without one does here. */
function extensionOf(request: EagerRequest, sourceFormat: string): string {
  return request.format ?? (sourceFormat === 'pdf' ? 'jpg' : sourceFormat);
}

/** Derives each request from the stored asset and describes it as Cloudinary's answer does. */
export async function deriveEager(
  delivery: DeliveryService,
  config: MediaConfig,
  asset: { publicId: string; version: number; format: string },
  requests: readonly EagerRequest[],
): Promise<EagerDerivation[]> {
  const derivations: EagerDerivation[] = [];
  for (const request of requests) {
    const extension = extensionOf(request, asset.format);
    const pathname = imageDeliveryPath(config, asset, extension, request.transformation);
    const { body, contentType } = await deliverWaiting(delivery, pathname);
    const { width = 0, height = 0 } = await sharp(body, { pages: 1 }).metadata();
    const url = `${config.publicUrl}${pathname}`;
    derivations.push({
      transformation: request.text,
      width,
      height,
      bytes: body.byteLength,
      // An f_ step may choose another format than the extension; the answer's type tells.
      format: FORMAT_OF_CONTENT_TYPE.get(contentType) ?? extension,
      url,
      secure_url: url,
    });
  }
  return derivations;
}

/** The derived bytes; a derivation past the delivery budget goes on and is asked for again. */
export async function deliverWaiting(
  delivery: DeliveryService,
  pathname: string,
): Promise<{ body: Uint8Array; contentType: string }> {
  const deadline = Date.now() + EAGER_WAIT_MS;
  for (;;) {
    try {
      const answer = await delivery.deliver(pathname, { accept: '' });
      const { contentType } = answer;
      // Only a format the source already has: the original is the derivation.
      if (answer.kind === 'original') return { body: await readFile(answer.path), contentType };
      if (answer.body) return { body: answer.body, contentType };
      throw new MediaError('derivation_failed', `Eager transformation ${pathname} made nothing`);
    } catch (error) {
      if (!(error instanceof MediaError) || error.code !== 'processing' || Date.now() > deadline) {
        throw error;
      }
    }
  }
}
