import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb } from '@coursepack/db/client';
import { migrateToLatest } from '@coursepack/db/migrate';
import { type PostgresServer, startPostgresServer } from '@coursepack/db/postgres-server';
import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import pg from 'pg';

export interface BenchDatabase {
  server: PostgresServer;
  db: Kysely<Database>;
  /** One plain connection, for COPY and maintenance statements. */
  client: pg.Client;
  /** Where the cluster lives. */
  base: string;
  close(): Promise<void>;
}

/**
 * A migrated scratch PostgreSQL for the analytics benchmarks. `keepDir` keeps (and reuses) the
 * cluster there instead of a temporary folder. `durable` keeps fsync and synchronous commits on,
 * as in production, for benchmarks where writes compete with reads; otherwise loading speed
 * wins (fsync off).
 */
export async function openBenchDatabase(options: {
  prefix: string;
  keepDir?: string;
  durable?: boolean;
  poolSize?: number;
}): Promise<BenchDatabase> {
  const base = options.keepDir
    ? path.resolve(options.keepDir)
    : await mkdtemp(path.join(tmpdir(), options.prefix));
  await mkdir(base, { recursive: true });
  await chmod(base, 0o755);
  const server = await startPostgresServer({
    dataDir: path.join(base, 'cluster'),
    ephemeral: !options.keepDir,
    unsafeFast: !options.durable,
  });
  const db = createDb(server.url, { max: options.poolSize ?? 4 });
  const client = new pg.Client({ connectionString: server.url });
  const close = async () => {
    await client.end().catch(() => {});
    await db.destroy();
    await server.stop();
    if (!options.keepDir) await rm(base, { recursive: true, force: true });
  };
  try {
    await migrateToLatest(db);
    await client.connect();
    // Bulk loads of millions of events: checkpoints by time rather than every few seconds.
    await client.query(`ALTER SYSTEM SET max_wal_size = '8GB'`);
    await client.query('SELECT pg_reload_conf()');
  } catch (error) {
    await close();
    throw error;
  }
  return { server, db, client, base, close };
}
