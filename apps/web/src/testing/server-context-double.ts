import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import { parseWebConfig, type WebConfig } from '@/config/web-config';

/**
 * The one stand-in for `@/server/server-context` in tests. The real module reads the process's
 * environment and opens a pool of its own; a test instead says which database and settings the
 * code under test sees:
 *
 *   vi.mock('@/server/server-context', () => import('@/testing/server-context-double'));
 *   setTestDatabase(db);
 *   setTestConfig({ siteUrl: 'https://coursepack.example' });
 *
 * It keeps the real module's exports, so a route runs unchanged.
 */

/**
 * A development install's environment with fixed secrets, read by the real configuration rules.
 * The media API is at a reserved name that never resolves: a test that uploads by mistake fails
 * at once instead of reaching a media service some other process runs on this machine.
 */
const TEST_ENV = {
  DATABASE_URL: 'postgres://localhost/unused-by-tests',
  AUTH_SECRET: 'a-test-secret-that-is-long-enough-to-sign-cookies',
  MEDIA_API_KEY: 'test-key',
  MEDIA_API_SECRET: 'test-secret',
  MEDIA_API_URL: 'http://media.test',
  MEDIA_CLOUD_NAME: 'test',
};

/** The web app's settings for a test: those of TEST_ENV, with the test's own on top. */
export function testWebConfig(overrides: Partial<WebConfig> = {}): WebConfig {
  return { ...parseWebConfig(TEST_ENV), ...overrides };
}

let database: Kysely<Database> | undefined;
let config = testWebConfig();

/** The database the code under test reads and writes, from now on. */
export function setTestDatabase(db: Kysely<Database>): void {
  database = db;
}

/** The settings the code under test reads from now on: testWebConfig with these overrides. */
export function setTestConfig(overrides: Partial<WebConfig> = {}): WebConfig {
  config = testWebConfig(overrides);
  return config;
}

function testDatabase(): Kysely<Database> {
  if (!database) {
    throw new Error('This test reads the database: call setTestDatabase(db) before the code runs.');
  }
  return database;
}

export async function getDb(): Promise<Kysely<Database>> {
  return testDatabase();
}

export function getDbNow(): Kysely<Database> {
  return testDatabase();
}

export function getConfig(): WebConfig {
  return config;
}
