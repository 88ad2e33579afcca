import path from 'node:path';
import { installationSecretsFile, SECRET_NAMES } from '@coursepack/config/installation-secrets';
import { isProduction, variableText } from '@coursepack/config/parse-env';
import { createDb } from '@coursepack/db/client';
import {
  connectOrStartDatabase,
  type EmbeddedDatabaseHandle,
  type ExternalDatabaseHandle,
} from '@coursepack/db/connect-or-start';
import { migrateToLatest } from '@coursepack/db/migrate';
import { checkPortFree } from './check-port-free';
import { ensureWebBuild } from './ensure-web-build';
import { findInsecureDefaults, hasPublishedDemoPassword } from './find-insecure-defaults';
import { describeHowToBegin } from './how-to-begin';
import { readConfiguration } from './read-configuration';
import { seedIfEmpty } from './seed-if-empty';
import {
  type ServiceProcess,
  startServiceProcess,
  waitForHttp,
  waitForOutput,
} from './service-process';
import { reportProgress, startOutput } from './start-output';
import { type Supervised, supervise } from './supervise';

/** What the worker prints once it takes jobs (apps/worker/src/main.ts). */
const WORKER_READY = /worker taking jobs/;

export interface RunProductOptions {
  root: string;
  dev: boolean;
  env: NodeJS.ProcessEnv;
}

const log = (line: string) => startOutput.line('start', line);

export async function runProduct({ root, dev, env }: RunProductOptions): Promise<void> {
  const dataDir = path.resolve(root, env.DATA_DIR || 'data');
  const config = readConfiguration({ ...env, DATA_DIR: dataDir });
  const generated = isProduction(env)
    ? []
    : SECRET_NAMES.filter((name) => variableText(env, name) === undefined);
  if (generated.length > 0) {
    log(
      `${generated.join(', ')}: generated for this installation, kept in ${installationSecretsFile(dataDir)}`,
    );
  }
  await checkPortFree('WEB_PORT', config.web.port);
  await checkPortFree('MEDIA_PORT', config.media.port);
  await checkPortFree('COLLECTOR_PORT', config.collector.port);

  /** In start order: the first process of each part, how to start another, how to tell it is up. */
  const started: {
    first: ServiceProcess;
    start: () => ServiceProcess;
    ready: (service: ServiceProcess) => Promise<void>;
  }[] = [];
  const supervised: Supervised<ServiceProcess>[] = [];
  let database: ExternalDatabaseHandle | Supervised<EmbeddedDatabaseHandle> | undefined;
  let shuttingDown = false;

  const launch = (
    name: string,
    command: string,
    args: string[],
    options: { cwd: string; env: NodeJS.ProcessEnv },
    ready: (service: ServiceProcess) => Promise<void>,
  ): ServiceProcess => {
    const start = () => startServiceProcess(name, command, args, options);
    const first = start();
    started.push({ first, start, ready });
    return first;
  };
  const answersAt = (url: string) => (service: ServiceProcess) => waitForHttp(service, url);

  const stopAll = async () => {
    // Web first (no new work), then the services, the database last.
    const parts = supervised.length > 0 ? supervised : started.map(({ first }) => first);
    for (const part of [...parts].reverse()) await part.stop();
    await database?.stop();
  };
  const shutdown = async () => {
    if (shuttingDown) return;
    shuttingDown = true;
    log('Stopping…');
    await stopAll();
    log('Stopped.');
    process.exit(0);
  };
  // `on`, not `once`: Ctrl-C arrives more than once (from the terminal's process group and
  // relayed by npm and tsx), and an unhandled repeat would kill us halfway through stopping.
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());

  const progress = reportProgress({ output: startOutput, log });
  try {
    progress.step('starting PostgreSQL');
    const connected = await connectOrStartDatabase({
      databaseUrl: env.DATABASE_URL || undefined,
      dataDir,
      log,
    });
    // The embedded server is ours to keep running: the services ride out its restart (503s
    // meanwhile) since it comes back on the same port.
    database = connected.embedded
      ? supervise({ name: 'PostgreSQL', first: connected, restart: connected.restart, log })
      : connected;
    log(
      connected.embedded
        ? `PostgreSQL (embedded) is up, data in ${dataDir}`
        : 'Connected to PostgreSQL',
    );
    const serviceEnv: NodeJS.ProcessEnv = {
      ...env,
      DATABASE_URL: connected.url,
      DATA_DIR: dataDir,
      NEXT_TELEMETRY_DISABLED: '1',
      // A terminal full of per-request lines hides what matters; operators can ask for more.
      MEDIA_LOG_LEVEL: env.MEDIA_LOG_LEVEL || 'warn',
      COLLECTOR_LOG_LEVEL: env.COLLECTOR_LOG_LEVEL || 'warn',
      TRACKING_ALLOWED_ORIGINS: config.allowedOrigins,
      // glibc gives every thread an arena of its own and rarely returns freed memory to the
      // system: media's PDF render threads and sharp's thread pool left it resident at 966 MB
      // after 60 line-art renders. Two arenas and large blocks mapped (so freed at once): 600 MB.
      MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX || '2',
      MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ || '131072',
      // The secrets resolved above, handed on explicitly: the parts agree on them, and the web
      // app, which runs with NODE_ENV=production outside `npm run dev`, gets the generated
      // ones of a local start instead of refusing to start without secrets.
      ...config.secrets,
    };
    const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

    const media = launch(
      'media',
      tsx,
      ['apps/media/src/server.ts'],
      { cwd: root, env: serviceEnv },
      answersAt(`http://127.0.0.1:${config.media.port}/healthz`),
    );

    const db = createDb(connected.url, { max: 2 });
    let demoOwnerSignsIn = false;
    try {
      progress.step('migrating the database');
      const applied = await migrateToLatest(db);
      if (applied.length > 0) log(`Applied migrations: ${applied.join(', ')}`);
      // The collector writes to the events table, so it starts once migrations are applied.
      const collector = launch(
        'collector',
        tsx,
        ['apps/collector/src/server.ts'],
        { cwd: root, env: serviceEnv },
        answersAt(`http://127.0.0.1:${config.collector.port}/healthz`),
      );
      // Background jobs (uploads, rollups, mail) once the queue is installed by the migrations.
      const worker = launch(
        'worker',
        tsx,
        ['apps/worker/src/main.ts'],
        { cwd: root, env: serviceEnv },
        (service) => waitForOutput(service, WORKER_READY),
      );
      // Listening from its first line: it may say it is ready while media and collector start.
      const workerReady = waitForOutput(worker, WORKER_READY);
      workerReady.catch(() => {});
      progress.step('starting the media service, the collector and the worker');
      await waitForHttp(media, `http://127.0.0.1:${config.media.port}/healthz`);
      await waitForHttp(collector, `http://127.0.0.1:${config.collector.port}/healthz`);
      await workerReady;
      progress.step('seeding the demo catalogue');
      await seedIfEmpty(
        db,
        {
          apiBaseUrl: `http://127.0.0.1:${config.media.port}`,
          cloudName: config.media.cloudName,
          apiKey: config.media.apiKey,
          apiSecret: config.media.apiSecret,
        },
        log,
      );
      for (const warning of await findInsecureDefaults(db, env)) log(`WARNING: ${warning}`);
      // Said only outside production (describeHowToBegin), where findInsecureDefaults has not
      // already checked the password: one scrypt verification per start, not two.
      demoOwnerSignsIn = !isProduction(env) && (await hasPublishedDemoPassword(db));
    } finally {
      await db.destroy();
    }

    if (!dev) {
      progress.step(
        'building the web app',
        'A first build takes a few minutes on a small or busy machine; later starts reuse it.',
      );
      await ensureWebBuild(root, log);
    }
    progress.step('starting the web app');
    // Next's request handler behind our own HTTP server, which resolves client addresses.
    const web = launch(
      'web',
      tsx,
      ['src/server/start-web-server.ts', ...(dev ? ['--dev'] : [])],
      {
        cwd: path.join(root, 'apps', 'web'),
        env: { ...serviceEnv, NODE_ENV: dev ? 'development' : 'production' },
      },
      answersAt(`http://127.0.0.1:${config.web.port}/api/health`),
    );
    await waitForHttp(web, `http://127.0.0.1:${config.web.port}/api/health`);

    // From here on a part that crashes is restarted (with back-off) while the others go on.
    for (const { first, start, ready } of started) {
      supervised.push(
        supervise({ name: first.name, first, restart: () => startHealthy(start, ready), log }),
      );
    }
    progress.stop();
    for (const line of describeHowToBegin({
      siteUrl: config.web.siteUrl,
      dataDir,
      env,
      demoOwnerSignsIn,
    })) {
      log(line);
    }
  } catch (error) {
    progress.stop();
    await stopAll();
    throw error;
  }
}

/** Starts a part and waits until it is up; a part that cannot get there is stopped again. */
async function startHealthy(
  start: () => ServiceProcess,
  ready: (service: ServiceProcess) => Promise<void>,
): Promise<ServiceProcess> {
  const service = start();
  try {
    await ready(service);
  } catch (error) {
    await service.stop();
    throw error;
  }
  return service;
}
