import type { FastifyInstance } from 'fastify';

export function registerHealthzRoute(app: FastifyInstance): void {
  // GET /healthz – liveness
  app.get('/healthz', async () => ({ status: 'ok' }));
}
