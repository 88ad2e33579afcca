import { chmod, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDb } from '../client';
import { migrateToLatest } from '../migrate';
import { ensureDatabase, startPostgresServer } from '../postgres-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Server URL of the test run's PostgreSQL (the `postgres` database). */
    postgresServerUrl: string;
  }
}

export const TEMPLATE_DATABASE = 'coursepack_template';

/**
 * One real PostgreSQL per Vitest project, with a migrated template database;
 * each test suite clones the template (see test-database.ts), which takes
 * milliseconds and keeps suites isolated.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const base = await mkdtemp(path.join(os.tmpdir(), 'coursepack-test-pg-'));
  // The server may run as an unprivileged user, who must be able to enter this folder.
  await chmod(base, 0o755);
  const server = await startPostgresServer({
    dataDir: path.join(base, 'cluster'),
    ephemeral: true,
    unsafeFast: true,
  });
  await ensureDatabase(server.url, TEMPLATE_DATABASE);
  const db = createDb(server.urlFor(TEMPLATE_DATABASE), { max: 1 });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  project.provide('postgresServerUrl', server.url);
  return () => server.stop();
}
