import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '../client';
import { migrateToLatest } from '../migrate';
import { startPostgresServer } from '../postgres-server';

/** A migrated PostgreSQL of one suite's own, which the suite may stop and start again. */
export interface StoppableDatabase {
  /** The `postgres` database's URL; it stays the same across restarts. */
  readonly url: string;
  stop(): Promise<void>;
  /** Starts the server again on the same data and port. */
  start(): Promise<void>;
  /**
   * Freezes the server and every backend (SIGSTOP): connections stay open and nothing answers,
   * as with a hung host. `thaw()` lets it run on.
   */
  freeze(): Promise<void>;
  thaw(): Promise<void>;
  /** Stops it for good and removes its files. */
  destroy(): Promise<void>;
}

/**
 * For outage tests: the shared test server of createTestDatabase cannot be stopped under one
 * suite, so this starts a server of its own (migrated, `seed` run once on it).
 */
export async function startStoppableDatabase(
  label: string,
  seed?: (db: ReturnType<typeof createDb>) => Promise<void>,
): Promise<StoppableDatabase> {
  const base = await mkdtemp(path.join(os.tmpdir(), `coursepack-${label}-`));
  // The server may run as an unprivileged user, who must be able to enter this folder.
  await chmod(base, 0o755);
  const dataDir = path.join(base, 'cluster');
  let server = await startPostgresServer({ dataDir, unsafeFast: true });
  const db = createDb(server.url, { max: 1 });
  try {
    await migrateToLatest(db);
    await seed?.(db);
  } finally {
    await db.destroy();
  }
  return {
    url: server.url,
    stop: () => server.stop(),
    async start() {
      server = await startPostgresServer({ dataDir, port: server.port, unsafeFast: true });
    },
    freeze: async () => signalServerGroup(server.dataDir, 'SIGSTOP'),
    thaw: async () => signalServerGroup(server.dataDir, 'SIGCONT'),
    async destroy() {
      await server.stop();
      // The cluster may live elsewhere when its user cannot reach the temp folder.
      await rm(server.dataDir, { recursive: true, force: true });
      await rm(`${server.dataDir}.password`, { force: true });
      await rm(base, { recursive: true, force: true });
    },
  };
}

/**
 * Signals the postmaster and every process it started: each backend leads a process group of
 * its own (PostgreSQL makes them so), so the postmaster's group alone would miss them.
 */
async function signalServerGroup(dataDir: string, signal: NodeJS.Signals): Promise<void> {
  const postmaster = Number(
    (await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0],
  );
  process.kill(postmaster, signal);
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // `pid (comm) state ppid …`; comm may hold spaces and parentheses, so read after the last ')'.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parent === postmaster) process.kill(Number(entry), signal);
  }
}
