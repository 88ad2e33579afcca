import path from 'node:path';
import pg from 'pg';
import { ensureDatabase, startPostgresServer } from './postgres-server';

export interface DatabaseHandle {
  url: string;
  /** Whether this process started the server (and so must stop it). */
  embedded: boolean;
  stop(): Promise<void>;
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
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    await checkReachable(options.databaseUrl);
    return { url: options.databaseUrl, embedded: false, stop: async () => {} };
  }
  const server = await startPostgresServer({
    dataDir: path.join(options.dataDir, 'postgres'),
    log: options.log,
  });
  await ensureDatabase(server.url, EMBEDDED_DATABASE_NAME);
  return { url: server.urlFor(EMBEDDED_DATABASE_NAME), embedded: true, stop: () => server.stop() };
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
