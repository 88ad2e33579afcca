import type { FastifyInstance } from 'fastify';
import { parseRawDeliveryPath } from '../grammar/parse-delivery-path';
import { attachment, cacheControl } from '../http/answer-headers';
import { requestPath } from '../http/request-path';
import { sendOriginal } from '../http/send-original';
import { MediaError } from '../media-error';
import type { MediaServices } from '../media-services';
import { rawDelivery, SANDBOX_POLICY } from '../store/raw-file-type';

export function registerDeliverRawFileRoute(
  app: FastifyInstance,
  { config, rawFiles }: MediaServices,
): void {
  // GET /{cloud}/raw/upload/v{version}/{public_id} – a raw file, as stored
  app.get('/:cloud/raw/upload/*', async (request, reply) => {
    const { cloudName, publicId, version } = parseRawDeliveryPath(requestPath(request));
    const file = cloudName === config.cloudName ? await rawFiles.get(publicId) : undefined;
    if (!file) throw new MediaError('not_found', `Resource not found - ${publicId}`);
    const current = version === file.version;
    const { contentType, inline } = rawDelivery(file);
    // Whatever was uploaded, it never runs as a page of this origin (see raw-file-type).
    reply.header('cache-control', cacheControl(current)).header('etag', `"${file.etag}"`);
    if (!inline) {
      reply
        .header('content-disposition', attachment(publicId.split('/').pop() ?? publicId))
        .header('content-security-policy', SANDBOX_POLICY);
    }
    return sendOriginal(request, reply, {
      kind: 'original',
      path: rawFiles.originalPath(publicId),
      contentType,
      bytes: file.bytes,
      etag: `"${file.etag}"`,
      current,
    });
  });
}
