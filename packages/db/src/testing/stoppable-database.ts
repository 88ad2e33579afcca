import { chmod, mkdtemp, rm } from 'node:fs/promises';
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
    async destroy() {
      await server.stop();
      // The cluster may live elsewhere when its user cannot reach the temp folder.
      await rm(server.dataDir, { recursive: true, force: true });
      await rm(`${server.dataDir}.password`, { force: true });
      await rm(base, { recursive: true, force: true });
    },
  };
}
