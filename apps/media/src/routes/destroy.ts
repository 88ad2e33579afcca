import type { FastifyInstance } from 'fastify';
import { assertValidPublicId } from '../grammar/public-id';
import { assertOwnCloud } from '../http/assert-own-cloud';
import { readUploadRequest } from '../http/read-upload-request';
import { verifySignedRequest } from '../http/verify-signed-request';
import { MediaError } from '../media-error';
import type { MediaServices } from '../media-services';

export function registerDestroyRoute(
  app: FastifyInstance,
  { config, assets, rawFiles, delivery }: MediaServices,
): void {
  // POST /v1_1/{cloud}/{image|raw}/destroy – signed delete of an asset and its derivations
  app.post<{ Params: { cloud: string; resourceType: string } }>(
    '/v1_1/:cloud/:resourceType/destroy',
    async (request) => {
      const { cloud, resourceType } = request.params;
      assertOwnCloud(cloud, config);
      if (resourceType !== 'image' && resourceType !== 'raw') {
        throw new MediaError(
          'invalid_request',
          `Unsupported resource type ${resourceType}; use image or raw`,
        );
      }
      const { fields } = await readUploadRequest(request, config);
      verifySignedRequest(fields, config);
      const publicId = fields.public_id;
      if (!publicId)
        throw new MediaError('invalid_request', 'Missing required parameter - public_id');
      assertValidPublicId(publicId);
      const existed = await (resourceType === 'raw' ? rawFiles : assets).remove(publicId);
      if (resourceType === 'image') delivery.forget(publicId);
      return { result: existed ? 'ok' : 'not found' };
    },
  );
}
