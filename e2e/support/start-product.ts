import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Secrets } from '@coursepack/config/installation-secrets';
import { parseEnv } from '@coursepack/config/parse-env';
import { secretVariables } from '@coursepack/config/shared-variables';
import { findFreePort } from '@coursepack/db/find-free-port';

export interface RunningProduct {
  baseUrl: string;
  ports: { web: number; collector: number; media: number };
  /** The product's DATA_DIR (the embedded PostgreSQL keeps its cluster in `postgres/`). */
  dataDir: string;
  /** The secrets it runs with: the test's own, else those it generated into `dataDir`. */
  secrets: Secrets;
  output(): string;
  /** Ctrl-C, as a person would press it; resolves with how npm exited. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Starts the whole product the way the README says (`npm start`), on free ports and a fresh data folder. */
export async function startProduct(extraEnv: NodeJS.ProcessEnv = {}): Promise<RunningProduct> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'coursepack-e2e-'));
  // Traversable, so an embedded server running as another user keeps its data here (and is
  // removed with it) rather than in the shared fallback folder.
  await chmod(dataDir, 0o755);
  const ports = {
    web: await findFreePort(),
    collector: await findFreePort(),
    media: await findFreePort(),
  };
  let output = '';
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    WEB_PORT: String(ports.web),
    COLLECTOR_PORT: String(ports.collector),
    MEDIA_PORT: String(ports.media),
    ...extraEnv,
  };
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  // 'close', not 'exit': npm exits on Ctrl-C at once, while the start script it ran is still
  // stopping the services; the output pipe closes only when every process holding it is gone.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );

  const deadline = Date.now() + 540_000;
  let done = false;
  void exited.then(() => {
    done = true;
  });
  while (!output.includes('Coursepack is up')) {
    if (done) throw new Error(`npm start exited before the product was up:\n${output}`);
    if (Date.now() > deadline) throw new Error(`npm start did not come up in time:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    baseUrl: `http://localhost:${ports.web}`,
    ports,
    dataDir,
    // Resolved as npm start resolved them, from the file it has written by now.
    secrets: parseEnv(env, secretVariables(env)),
    output: () => output,
    async stop() {
      if (child.pid) process.kill(-child.pid, 'SIGINT');
      const exit = await exited;
      await rm(dataDir, { recursive: true, force: true });
      return exit;
    },
  };
}
