import { buildMediaApp } from './app';
import { parseMediaConfig } from './config';

let config: ReturnType<typeof parseMediaConfig>;
try {
  config = parseMediaConfig(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const app = await buildMediaApp(config, { logger: true });
for (const warning of config.warnings) app.log.warn(warning);

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
