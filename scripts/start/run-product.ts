import path from 'node:path';
import { createDb } from '@coursepack/db/client';
import { connectOrStartDatabase, type DatabaseHandle } from '@coursepack/db/connect-or-start';
import { migrateToLatest } from '@coursepack/db/migrate';
import { parseWebConfig } from '../../apps/web/src/lib/web-config';
import { checkPortFree } from './check-port-free';
import { ensureWebBuild, nextBinPath } from './ensure-web-build';
import { type ServiceProcess, startServiceProcess, waitForHttp } from './service-process';

// Stands in for DATABASE_URL while validating, when the embedded server will provide it.
const EMBEDDED_URL_PLACEHOLDER = 'postgres://embedded@127.0.0.1/coursepack';

export interface RunProductOptions {
  root: string;
  dev: boolean;
  env: NodeJS.ProcessEnv;
}

const log = (line: string) => process.stdout.write(`[start]      ${line}\n`);

export async function runProduct({ root, dev, env }: RunProductOptions): Promise<void> {
  const dataDir = path.resolve(root, env.DATA_DIR || 'data');
  const webConfig = parseWebConfig({
    ...env,
    DATABASE_URL: env.DATABASE_URL || EMBEDDED_URL_PLACEHOLDER,
  });
  await checkPortFree('WEB_PORT', webConfig.port);

  const started: ServiceProcess[] = [];
  let database: DatabaseHandle | undefined;
  let shuttingDown = false;

  const shutdown = async (code: number) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log('Stopping…');
    // Web first (no new work), then the services, the database last.
    for (const service of [...started].reverse()) await service.stop();
    await database?.stop();
    log('Stopped.');
    process.exit(code);
  };
  process.once('SIGINT', () => void shutdown(0));
  process.once('SIGTERM', () => void shutdown(0));

  try {
    database = await connectOrStartDatabase({
      databaseUrl: env.DATABASE_URL || undefined,
      dataDir,
      log,
    });
    log(
      database.embedded
        ? `PostgreSQL (embedded) is up, data in ${dataDir}`
        : 'Connected to PostgreSQL',
    );
    const db = createDb(database.url, { max: 2 });
    try {
      const applied = await migrateToLatest(db);
      if (applied.length > 0) log(`Applied migrations: ${applied.join(', ')}`);
    } finally {
      await db.destroy();
    }

    const serviceEnv: NodeJS.ProcessEnv = {
      ...env,
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      NEXT_TELEMETRY_DISABLED: '1',
    };

    if (!dev) await ensureWebBuild(root, log);
    const web = startServiceProcess(
      'web',
      process.execPath,
      [nextBinPath(root), dev ? 'dev' : 'start', '--port', String(webConfig.port)],
      {
        cwd: path.join(root, 'apps', 'web'),
        env: { ...serviceEnv, NODE_ENV: dev ? 'development' : 'production' },
      },
    );
    started.push(web);
    await waitForHttp(web, `http://127.0.0.1:${webConfig.port}/api/health`);

    for (const service of started) {
      void service.exited.then((code) => {
        if (!shuttingDown) {
          log(`${service.name} stopped unexpectedly (exit code ${code}); stopping everything`);
          void shutdown(1);
        }
      });
    }
    log(`Coursepack is up: ${webConfig.siteUrl}`);
  } catch (error) {
    for (const service of [...started].reverse()) await service.stop();
    await database?.stop();
    throw error;
  }
}
