import type { FastifyInstance } from 'fastify';

export function registerPreflightRoute(app: FastifyInstance): void {
  // OPTIONS * – CORS preflight for browsers posting to the upload API
  app.options('/*', async (_request, reply) =>
    reply
      .code(204)
      .header('access-control-allow-methods', 'GET, HEAD, POST, OPTIONS')
      // upload_large sends each chunk with these two.
      .header(
        'access-control-allow-headers',
        'Content-Type, X-Requested-With, X-Unique-Upload-Id, Content-Range',
      )
      .header('access-control-max-age', '86400')
      .send(),
  );
}
