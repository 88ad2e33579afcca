/**
 * The web app's process: Next's request handler behind a plain Node HTTP server, so that the
 * client's address is resolved where the socket is still visible (see
 * normalize-forwarded-headers.ts). `npm start` runs it in place of `next start`, `npm run dev`
 * with `--dev` in place of `next dev`. Run from apps/web.
 */
import { createServer } from 'node:http';
import next from 'next';
import { parseWebConfig } from '../config/web-config';
import { normalizeForwardedHeaders } from './normalize-forwarded-headers';
import { createWebRequestListener } from './web-request-listener';

const dev = process.argv.includes('--dev');

async function startWebServer(): Promise<void> {
  const config = parseWebConfig(process.env);
  const server = createServer();
  const app = next({ dev, dir: process.cwd(), port: config.port, httpServer: server });
  await app.prepare();
  const handle = app.getRequestHandler();
  server.on(
    'request',
    createWebRequestListener(handle, { trustProxy: config.trustProxy, dev, site: config }),
  );
  // Registered before Next's own upgrade listener (added on the first request), so the
  // development server's WebSocket requests are normalized too.
  server.prependListener('upgrade', (request) => {
    normalizeForwardedHeaders(request, config.trustProxy);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, () => resolve());
  });
  process.stdout.write(`Listening on http://localhost:${config.port}${dev ? ' (dev)' : ''}\n`);

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.closeIdleConnections();
    server.close(() => {
      void app.close().finally(() => process.exit(0));
    });
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

startWebServer().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
