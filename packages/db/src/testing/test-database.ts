import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb } from '../client';
import type { Database } from '../schema';
import { TEMPLATE_DATABASE } from './global-setup';

export interface TestDatabase {
  url: string;
  db: Kysely<Database>;
  /** Closes connections and drops the database. */
  destroy(): Promise<void>;
}

/** A fresh, migrated database of its own on the test run's real PostgreSQL server. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = inject('postgresServerUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  await runOnServer(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  const url = withDatabase(serverUrl, name);
  const db = createDb(url, { max: 5 });
  return {
    url,
    db,
    async destroy() {
      await db.destroy();
      await runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function runOnServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
