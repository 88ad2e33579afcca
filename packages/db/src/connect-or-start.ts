import path from 'node:path';
import pg from 'pg';
import { ensureDatabase, startPostgresServer } from './postgres-server';

/** A server someone else runs (DATABASE_URL): nothing to stop. */
export interface ExternalDatabaseHandle {
  url: string;
  embedded: false;
  stop(): Promise<void>;
}

/** The embedded server this process runs: it can end on its own and be started again. */
export interface EmbeddedDatabaseHandle {
  url: string;
  embedded: true;
  stop(): Promise<void>;
  exited: Promise<string>;
  /** Starts the server again on the same data and port, so every client's URL stays valid. */
  restart(): Promise<EmbeddedDatabaseHandle>;
}

export const EMBEDDED_DATABASE_NAME = 'coursepack';

/**
 * With a DATABASE_URL: checks that the server answers and uses it. Without one:
 * starts the embedded PostgreSQL with its data in `<dataDir>/postgres`.
 */
export async function connectOrStartDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  log?: (line: string) => void;
}): Promise<ExternalDatabaseHandle | EmbeddedDatabaseHandle> {
  if (options.databaseUrl) {
    await checkReachable(options.databaseUrl);
    return { url: options.databaseUrl, embedded: false, stop: async () => {} };
  }
  return startEmbeddedDatabase(path.join(options.dataDir, 'postgres'), options.log);
}

async function startEmbeddedDatabase(
  dataDir: string,
  log: ((line: string) => void) | undefined,
  port?: number,
): Promise<EmbeddedDatabaseHandle> {
  const server = await startPostgresServer({ dataDir, port, log });
  await ensureDatabase(server.url, EMBEDDED_DATABASE_NAME);
  return {
    url: server.urlFor(EMBEDDED_DATABASE_NAME),
    embedded: true,
    exited: server.exited,
    stop: () => server.stop(),
    restart: () => startEmbeddedDatabase(dataDir, log, server.port),
  };
}

async function checkReachable(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`DATABASE_URL: cannot connect to ${redact(url)} (${reason || 'no answer'})`);
  } finally {
    await client.end().catch(() => {});
  }
}

/** The URL without its password, for messages and logs. */
export function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}
