import { createLogStream } from '@coursepack/service-log/log-stream';
import { buildCollectorApp } from './app';
import { type CollectorConfig, parseCollectorConfig } from './config';

let config: CollectorConfig;
try {
  config = parseCollectorConfig(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

// Readable lines in development; JSON lines for the log pipeline in production.
const app = await buildCollectorApp(config, {
  logger: true,
  logStream: createLogStream(process.env),
});

// SIGTERM/SIGINT: stop accepting, let in-flight requests and their batches commit, then exit.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `collector accepting events at POST ${config.trackingPath} from ${config.allowedOrigins.join(', ')}`,
);
