import type { FastifyInstance } from 'fastify';
import { headerValue } from '../http/answer-headers';
import { assertOwnCloud } from '../http/assert-own-cloud';
import { readUploadRequest, unsignedParams } from '../http/read-upload-request';
import { verifySignedRequest } from '../http/verify-signed-request';
import { MediaError } from '../media-error';
import type { MediaServices } from '../media-services';
import { addChunk, readChunkHeaders } from '../store/assemble-chunks';
import { uploadAsset } from '../store/upload-asset';

/** `auto` stores images (PDFs included); `raw` (upload_large's default) keeps files as they are. */
const RESOURCE_TYPES = new Set(['image', 'auto', 'raw']);

export function registerUploadRoute(app: FastifyInstance, services: MediaServices): void {
  const { config } = services;
  // POST /v1_1/{cloud}/{image|auto|raw}/upload – signed upload (Cloudinary's Upload API)
  app.post<{ Params: { cloud: string; resourceType: string } }>(
    '/v1_1/:cloud/:resourceType/upload',
    async (request) => {
      const { cloud, resourceType } = request.params;
      assertOwnCloud(cloud, config);
      if (!RESOURCE_TYPES.has(resourceType)) {
        throw new MediaError(
          'invalid_request',
          `Unsupported resource type ${resourceType}; use image, auto or raw`,
        );
      }
      const chunk = readChunkHeaders(
        headerValue(request.headers['x-unique-upload-id']),
        headerValue(request.headers['content-range']),
        config.maxUploadBytes,
      );
      const { fields, file: part, filename } = await readUploadRequest(request, config);
      verifySignedRequest(unsignedParams(fields), config);
      if (!part) throw new MediaError('invalid_request', 'Missing required parameter - file');
      const file = chunk ? await addChunk(config.mediaDir, chunk, part) : part;
      if (!file) return { done: false, upload_id: chunk?.uploadId };
      const type = resourceType === 'raw' ? 'raw' : 'image';
      return uploadAsset({ bytes: file, filename, params: unsignedParams(fields) }, type, {
        ...services,
        lane: services.delivery.lane,
      });
    },
  );
}
