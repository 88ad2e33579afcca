import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb } from '@coursepack/db/client';
import { migrateToLatest } from '@coursepack/db/migrate';
import { type PostgresServer, startPostgresServer } from '@coursepack/db/postgres-server';

export const root = path.resolve(import.meta.dirname, '..', '..');

/** A scratch PostgreSQL with production durability (fsync, synchronous_commit on), migrated. */
export async function startScratchDatabase(): Promise<PostgresServer> {
  const base = await mkdtemp(path.join(tmpdir(), 'coursepack-bench-pg-'));
  await chmod(base, 0o755);
  const server = await startPostgresServer({
    dataDir: path.join(base, 'cluster'),
    ephemeral: true,
  });
  const stop = async () => {
    await server.stop();
    await rm(base, { recursive: true, force: true });
  };
  const db = createDb(server.url, { max: 1 });
  try {
    await migrateToLatest(db);
  } catch (error) {
    await stop();
    throw error;
  } finally {
    await db.destroy();
  }
  return { ...server, stop };
}

/** Polls `GET /healthz` until the collector answers (its start-up log may be silenced). */
export async function waitForHealth(port: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the collector on port ${port} did not become healthy`);
}

/** Runs a TypeScript entry point with node + the tsx loader: one process, so kill -9 hits it. */
export function spawnTs(
  file: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): { child: ChildProcess; ready: Promise<void> } {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, file), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${file} exited early (${code})`)));
    child.stdout?.setEncoding('utf8');
    let seen = '';
    child.stdout?.on('data', (chunk: string) => {
      seen += chunk;
      if (/^ready$/m.test(seen) || seen.includes('collector accepting events')) resolve();
    });
  });
  return { child, ready };
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}

/**
 * UUIDv7s without a random draw each: the current millisecond, then a per-process random
 * prefix and a counter (RFC 9562 allows a counter in the random bits). Cheap enough that the
 * load generator does not become the bottleneck.
 */
export function createIdFactory(): () => string {
  const prefix = randomBytes(4).toString('hex');
  let counter = 0;
  return () => {
    counter = (counter + 1) % 0x1_0000_0000;
    const time = Date.now().toString(16).padStart(12, '0');
    const count = counter.toString(16).padStart(8, '0');
    return `${time.slice(0, 8)}-${time.slice(8)}-7${prefix.slice(0, 3)}-${'8'}${prefix.slice(3, 6)}-${prefix.slice(6)}${count}00`;
  };
}

/** The JSON body of `events` tracker payloads (an array when more than one). */
export function createBodyFactory(events: number): () => string {
  const nextId = createIdFactory();
  const session = nextId();
  const one = () =>
    JSON.stringify({
      event_id: nextId(),
      type: 'status',
      name: 'viewer',
      action: 'active',
      date: new Date().toISOString(),
      environment: 'bench',
      app: 'web',
      course_id: 12,
      doc_id: 345,
      action_meta: { page: 3 },
      cookie: {
        session_id: session,
        path: '/documents/345',
        path_with_params: '/documents/345?p=3',
      },
      location: 'http://localhost:3000/documents/345?p=3',
    });
  if (events === 1) return one;
  return () => `[${Array.from({ length: events }, one).join(',')}]`;
}
