import { createLogStream } from '@coursepack/service-log/log-stream';
import { buildMediaApp } from './app';
import { parseMediaConfig } from './config';

let config: ReturnType<typeof parseMediaConfig>;
try {
  config = parseMediaConfig(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

// Readable lines in development; JSON lines for the log pipeline in production.
const app = await buildMediaApp(config, { logger: true, logStream: createLogStream(process.env) });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(`media service for cloud "${config.cloudName}" storing under ${config.mediaDir}`);
