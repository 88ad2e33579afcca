/**
 * One contestant of bench/collector.ts, in a process of its own (as in production):
 *   group  – the collector as it ships (group commit);
 *   naive  – the same server and table, but one INSERT (one commit) per request;
 *   nodb   – the collector with a writer that acknowledges at once: what HTTP, parsing and
 *            validation cost, without the database (diagnostic, never a production mode);
 *   bare   – node:http answering 204 after reading the body: the machine's ceiling.
 * Usage: node --import tsx bench/collector/serve.ts <mode> <port>; env DATABASE_URL.
 * Prints "ready" once listening; SIGTERM closes gracefully.
 */
import { createServer } from 'node:http';
import {
  buildCollectorApp,
  type CollectorDeps,
  createCollectorPool,
} from '../../apps/collector/src/app';
import { parseCollectorConfig } from '../../apps/collector/src/config';
import { insertEvents } from '../../apps/collector/src/insert-events';

const [mode, portText] = process.argv.slice(2);
const port = Number(portText);

if (mode === 'bare') {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(204);
      response.end();
    });
  });
  server.listen(port, '127.0.0.1', () => console.log('ready'));
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
} else if (mode === 'group' || mode === 'naive' || mode === 'nodb') {
  const config = parseCollectorConfig({
    ...process.env,
    COLLECTOR_PORT: String(port),
    COLLECTOR_RATE_LIMIT_MAX: '0',
    COLLECTOR_LOG_LEVEL: 'warn',
  });
  let writer: CollectorDeps['writer'];
  if (mode === 'naive') {
    // As many connections as autocannon has requests in flight: every request its own commit.
    const pool = createCollectorPool({ ...config, flushConcurrency: 50 });
    writer = {
      databaseUp: true,
      pendingEvents: 0,
      write: async (rows) => {
        await insertEvents(pool, rows);
      },
      close: () => pool.end(),
    };
  } else if (mode === 'nodb') {
    writer = { databaseUp: true, pendingEvents: 0, write: async () => {}, close: async () => {} };
  }
  const app = await buildCollectorApp(config, { logger: true, writer });
  await app.listen({ port, host: '127.0.0.1' });
  console.log('ready');
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
} else {
  console.error('usage: serve.ts group|naive|nodb|bare <port>');
  process.exit(2);
}
