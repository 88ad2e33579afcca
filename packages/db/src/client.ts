import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

// int8 (COUNT, SUM over integers, bigint columns) arrives as a string by default;
// our bigints (sizes, counters) stay far below 2^53, so numbers are exact and simpler.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// numeric (AVG, ROUND) likewise: only used for display-scale figures.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export interface CreateDbOptions {
  /** Pool size; PostgreSQL's per-connection cost makes a small pool the fast one. */
  max?: number;
  /**
   * How long a query waits for a connection before failing (default: forever). A server that
   * drops packets instead of refusing them would otherwise hold every request until the OS
   * gives up, minutes later.
   */
  connectionTimeoutMillis?: number;
  /**
   * How long PostgreSQL runs one statement before cancelling it (default: forever), and how long
   * the client waits for any answer before giving up on the server (default: forever). The
   * second is what ends a wait on a server that stopped answering without closing its
   * connections (frozen, or its host gone); set it above the first, so that a live server's
   * cancellation arrives first.
   */
  statementTimeoutMillis?: number;
  queryTimeoutMillis?: number;
  /**
   * Told when an idle pooled connection dies (the server shut down or restarted), so a caller
   * can learn of an outage before a request runs into it; the pool replaces the connection.
   */
  onIdleConnectionError?: (error: Error) => void;
}

export function createDb(url: string, options: CreateDbOptions = {}): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 0,
    ...(options.statementTimeoutMillis
      ? { statement_timeout: options.statementTimeoutMillis }
      : {}),
    ...(options.queryTimeoutMillis ? { query_timeout: options.queryTimeoutMillis } : {}),
  });
  // An idle client's error (server restart) must not crash the process; the pool replaces it.
  pool.on('error', (error) => options.onIdleConnectionError?.(error));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
