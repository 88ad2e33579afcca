import 'server-only';
import { createDb } from '@coursepack/db/client';
import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';
import { connection } from 'next/server';
import { parseWebConfig, type WebConfig } from '@/config/web-config';
import {
  QUERY_TIMEOUT_MS,
  reportDatabaseError,
  STATEMENT_TIMEOUT_MS,
  setDatabaseProbe,
} from '@/server/database-health';

interface ServerContext {
  config: WebConfig;
  db: Kysely<Database>;
}

// One pool per server process; kept on globalThis so dev-mode module reloads reuse it.
const globalForContext = globalThis as typeof globalThis & { coursepackContext?: ServerContext };

function context(): ServerContext {
  if (!globalForContext.coursepackContext) {
    const config = parseWebConfig(process.env);
    const db = createDb(config.databaseUrl, {
      // A request waits at most 5 s for a connection, then answers 503 (see database-health.ts).
      connectionTimeoutMillis: 5_000,
      // No page waits on PostgreSQL for long: it cancels a statement after 8 s (a 500, the query
      // is at fault), and a server that does not even answer that within 10 s is unreachable
      // (frozen, its host gone: a 503), where the wait would otherwise never end.
      statementTimeoutMillis: STATEMENT_TIMEOUT_MS,
      queryTimeoutMillis: QUERY_TIMEOUT_MS,
      // PostgreSQL shutting down ends the idle connections first: pages learn of it at once.
      onIdleConnectionError: reportDatabaseError,
    });
    // How proxy.ts learns the database is back after a request found it unreachable.
    setDatabaseProbe(() => sql`SELECT 1`.execute(db));
    globalForContext.coursepackContext = { config, db };
  }
  return globalForContext.coursepackContext;
}

/** The database, for request-time reads (marks the page as rendered per request). */
export async function getDb(): Promise<Kysely<Database>> {
  await connection();
  return context().db;
}

/** The database outside rendering (route handlers, better-auth), where connection() is moot. */
export function getDbNow(): Kysely<Database> {
  return context().db;
}

export function getConfig(): WebConfig {
  return context().config;
}
