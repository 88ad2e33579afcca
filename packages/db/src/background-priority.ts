import { readFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import type pg from 'pg';

/** nice(1)'s lowest priority: the CPU goes to anything else that wants it first. */
export const BACKGROUND_NICENESS = 19;

/** What became of one connection's backend. */
export type BackendPriority = 'lowered' | 'not-local' | 'not-permitted';

/**
 * Lowers the CPU priority of the PostgreSQL backend process serving `client`, when that process
 * runs on this machine and we may renice it.
 *
 * PostgreSQL has no priorities of its own: a backend refreshing rollups or storing a 1,500-page
 * document competes for the CPU as an equal with the backends answering page requests. When the
 * server shares the machine (the default `npm start`, small deployments), a background process's
 * connections lowered to nice 19 leave the CPU to requests first (the `pg_prioritize` extension
 * does the same from SQL). Locks are the known cost: a lowered backend holding a row or buffer
 * lock delays whoever waits for it, which is why only background work (never a request) asks
 * for this, and why its writes are short transactions.
 *
 * The backend's pid is only trusted when its process title names this connection (PostgreSQL
 * titles a backend `postgres: user db host(port) …`, `[local]` over a socket): a server on another
 * machine has its own pids, and an unrelated local process may have the same number.
 */
export async function lowerBackendPriority(client: pg.ClientBase): Promise<BackendPriority> {
  const { rows } = await client.query<{ pid: number; port: number | null }>(
    'SELECT pg_backend_pid() AS pid, inet_client_port() AS port',
  );
  const backend = rows[0];
  if (!backend) return 'not-local';
  let title: string;
  try {
    title = (await readFile(`/proc/${backend.pid}/cmdline`, 'utf8')).replaceAll('\0', ' ');
  } catch {
    return 'not-local';
  }
  const names = backend.port === null ? '[local]' : `(${backend.port})`;
  if (!title.startsWith('postgres') || !title.includes(names)) return 'not-local';
  try {
    setPriority(backend.pid, BACKGROUND_NICENESS);
    return 'lowered';
  } catch {
    // Another user's process without the privilege to renice it (PostgreSQL under its own user).
    return 'not-permitted';
  }
}
