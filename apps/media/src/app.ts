import { createServer } from 'node:http';
import type { LogStream } from '@coursepack/service-log/log-stream';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerFactory } from 'fastify';
import type { MediaConfig } from './config';
import type { DeliveryHooks } from './deliver/delivery-service';
import { EVERY_ANSWER_HEADERS } from './http/answer-headers';
import { bodyTooLarge, maxBodyBytes } from './http/body-limits';
import { answerFrameworkError, registerErrorAnswers } from './http/error-answers';
import { createMediaServices, type MediaServices } from './media-services';
import { registerDeliverImageRoute } from './routes/deliver-image';
import { registerDeliverRawFileRoute } from './routes/deliver-raw-file';
import { registerDestroyRoute } from './routes/destroy';
import { registerHealthzRoute } from './routes/healthz';
import { registerNamedTransformationsRoutes } from './routes/named-transformations';
import { registerPreflightRoute } from './routes/preflight';
import { registerUploadRoute } from './routes/upload';

export interface MediaAppOptions {
  /** Test seams: count and slow down derivation jobs. */
  hooks?: DeliveryHooks;
  /** Pino logging; off by default in tests. */
  logger?: boolean;
  /** Where log lines go instead of stdout's JSON lines (`createLogStream`). */
  logStream?: LogStream;
  /** Serve repeated derived answers before routing (HotAnswers); on unless false (tests). */
  hotAnswers?: boolean;
  /** Test seam: called with the URL of every hot answer. */
  onHotAnswer?: (url: string) => void;
}

/**
 * Fastify's own defaults, which it applies only to servers it creates itself: keep-alive for
 * 72 s, and no time limit on a whole request (Node's 300 s would cut slow large uploads).
 */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;
const REQUEST_TIMEOUT_MS = 0;

/**
 * Hot answers go out before Fastify sees the request (no routing or hooks), so they log their
 * own line in place of Fastify's "request completed".
 */
function serveHotAnswersFirst(
  { config, hot }: MediaServices,
  options: MediaAppOptions,
  app: () => FastifyInstance,
): FastifyServerFactory {
  const logsRequests =
    options.logger === true && ['trace', 'debug', 'info'].includes(config.logLevel);
  return (handler) => {
    const server = createServer((request, response) => {
      const started = performance.now();
      if (!hot?.serve(request, response)) {
        handler(request, response);
        return;
      }
      options.onHotAnswer?.(request.url ?? '');
      if (!logsRequests) return;
      app().log.info(
        {
          req: { method: request.method, url: request.url },
          res: { statusCode: response.statusCode },
          responseTime: performance.now() - started,
          hot: true,
        },
        'request completed',
      );
    });
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    server.requestTimeout = REQUEST_TIMEOUT_MS;
    return server;
  };
}

export async function buildMediaApp(
  config: MediaConfig,
  options: MediaAppOptions = {},
): Promise<FastifyInstance> {
  const services = createMediaServices(config, options);
  const app: FastifyInstance = Fastify({
    serverFactory: serveHotAnswersFirst(services, options, () => app),
    logger: options.logger ? { level: config.logLevel, stream: options.logStream } : false,
    // Base64 and data-URI uploads are a third larger than the file.
    bodyLimit: maxBodyBytes(config),
    routerOptions: { maxParamLength: 2_048 },
    frameworkErrors: answerFrameworkError(config),
  });
  await app.register(multipart, {
    limits: {
      fileSize: config.maxUploadBytes,
      files: 1,
      fields: 100,
      fieldSize: Math.ceil((config.maxUploadBytes * 4) / 3) + 1024,
      parts: 102,
    },
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, new URLSearchParams(body as string)),
  );

  app.addHook('onRequest', async (request, reply) => {
    reply.headers(EVERY_ANSWER_HEADERS);
    // Refused before a byte of the body is read.
    const declared = Number(request.headers['content-length']);
    if (declared > maxBodyBytes(config)) throw bodyTooLarge(config, declared);
  });
  app.addHook('onClose', async () => {
    await services.pdf.close();
  });
  registerErrorAnswers(app, config);

  registerHealthzRoute(app);
  registerPreflightRoute(app);
  registerDeliverImageRoute(app, services);
  registerDeliverRawFileRoute(app, services);
  registerUploadRoute(app, services);
  registerDestroyRoute(app, services);
  registerNamedTransformationsRoutes(app, services);
  return app;
}
