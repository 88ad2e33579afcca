import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MediaConfig } from '../config';
import { MediaError } from '../media-error';
import { fromFrameworkError } from './body-limits';
import { sendError } from './send-error';

/** Malformed percent-escapes in the path fail before routing: answer them like any error. */
export function answerFrameworkError(config: MediaConfig) {
  return (
    error: Error & { code?: string; statusCode?: number },
    request: FastifyRequest,
    reply: FastifyReply,
  ): void => {
    const mediaError =
      error.code === 'FST_ERR_BAD_URL'
        ? new MediaError('invalid_request', 'Invalid URL: malformed percent-escape in the path')
        : fromFrameworkError(error, config);
    sendError(request, reply, mediaError);
  };
}

/** Every error, thrown by a route or by Fastify, and every unknown route, in one shape. */
export function registerErrorAnswers(app: FastifyInstance, config: MediaConfig): void {
  app.setErrorHandler((error, request, reply) => {
    const mediaError =
      error instanceof MediaError ? error : fromFrameworkError(error as Error, config);
    if (mediaError.status >= 500) request.log.error({ err: error }, 'media request failed');
    return sendError(request, reply, mediaError);
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(
      request,
      reply,
      new MediaError('not_found', `No route for ${request.method} ${request.url.split('?')[0]}`),
    ),
  );
}
