import type { FastifyInstance } from 'fastify';
import {
  attachment,
  cacheControl,
  derivedHeaders,
  EVERY_ANSWER_HEADERS,
  headerValue,
} from '../http/answer-headers';
import { requestPath } from '../http/request-path';
import { sendOriginal } from '../http/send-original';
import type { MediaServices } from '../media-services';

export function registerDeliverImageRoute(
  app: FastifyInstance,
  { delivery, hot }: MediaServices,
): void {
  // GET /{cloud}/image/upload/{transformations}/v{version}/{public_id}.{ext} – delivery
  app.get('/:cloud/image/upload/*', async (request, reply) => {
    const result = await delivery.deliver(requestPath(request), request.headers);
    if (result.kind === 'original') {
      reply.header('cache-control', cacheControl(result.current)).header('etag', result.etag);
      if (result.attachment !== undefined) {
        reply.header('content-disposition', attachment(result.attachment));
      }
      return sendOriginal(request, reply, result);
    }
    reply.headers(derivedHeaders(result));
    if (result.status === 304 || result.body === undefined) return reply.code(304).send();
    // Client hints change the answer for the same URL and Accept: those are not kept.
    if (hot && result.vary.every((name) => name === 'Accept')) {
      hot.remember(request.raw.url ?? '', headerValue(request.headers.accept) ?? '', {
        headers: {
          ...EVERY_ANSWER_HEADERS,
          ...derivedHeaders({ ...result, cache: 'memory' }),
          'content-length': String(result.body.byteLength),
        },
        etag: result.etag,
        memoryKey: result.memoryKey,
        variesByAccept: result.vary.includes('Accept'),
        dependencies: result.dependencies,
      });
    }
    return reply.send(result.body);
  });
}
