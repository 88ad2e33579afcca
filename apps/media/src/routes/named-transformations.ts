import type { FastifyInstance, FastifyRequest } from 'fastify';
import { headerValue } from '../http/answer-headers';
import { assertOwnCloud } from '../http/assert-own-cloud';
import { type Fields, readBodyFields } from '../http/read-upload-request';
import { verifyBasicAuth } from '../http/verify-basic-auth';
import type { MediaServices } from '../media-services';
import {
  createNamedTransformation,
  deleteNamedTransformation,
  getNamedTransformation,
  listNamedTransformations,
  updateNamedTransformation,
} from '../store/manage-named-transformations';
import { readName } from '../store/named-transformations';

interface AdminRoute {
  Params: { cloud: string };
  Querystring: Record<string, string | undefined>;
}

const URL = '/v1_1/:cloud/transformations';

export function registerNamedTransformationsRoutes(
  app: FastifyInstance,
  { config, named }: MediaServices,
): void {
  /** An authenticated Admin API call's parameters: the query and the body's fields. */
  const readAdminCall = (request: FastifyRequest<AdminRoute>): Partial<Fields> => {
    assertOwnCloud(request.params.cloud, config);
    verifyBasicAuth(headerValue(request.headers.authorization), config);
    return { ...request.query, ...readBodyFields(request.body) };
  };
  const max = config.maxTransformations;

  // GET /v1_1/{cloud}/transformations[?transformation=t_name] – list, or show one
  app.get<AdminRoute>(URL, async (request) => {
    const params = readAdminCall(request);
    if (params.transformation === undefined) return listNamedTransformations(named);
    return getNamedTransformation(named, readName(params.transformation));
  });

  // POST /v1_1/{cloud}/transformations – create a named transformation
  app.post<AdminRoute>(URL, async (request) => {
    const params = readAdminCall(request);
    const name = readName(params.name);
    return createNamedTransformation(named, name, params.transformation ?? '', max);
  });

  // PUT /v1_1/{cloud}/transformations – replace a named transformation's definition
  app.put<AdminRoute>(URL, async (request) => {
    const params = readAdminCall(request);
    const name = readName(params.transformation);
    return updateNamedTransformation(named, name, params.unsafe_update ?? '', max);
  });

  // DELETE /v1_1/{cloud}/transformations – delete a named transformation
  app.delete<AdminRoute>(URL, async (request) => {
    const params = readAdminCall(request);
    return deleteNamedTransformation(named, readName(params.transformation));
  });
}
