import { type ChildProcess, spawn } from 'node:child_process';
import { startOutput } from './start-output';

export interface ServiceProcess {
  name: string;
  child: ChildProcess;
  /** Resolves when the process has exited (for any reason), saying how: `exit code 1`, `killed by SIGKILL`. */
  exited: Promise<string>;
  stop(): Promise<void>;
}

const STOP_GRACE_MS = 15_000;

/**
 * Runs one part of the product as a child process, its output behind its name. Children get their own process group, so Ctrl-C reaches only this script,
 * which then stops them in order (web first, the database last).
 */
export function startServiceProcess(
  name: string,
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): ServiceProcess {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  startOutput.forward(child.stdout, name);
  startOutput.forward(child.stderr, name);
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) =>
      resolve(signal ? `killed by ${signal}` : `exit code ${code}`),
    );
    child.once('error', (error) => {
      startOutput.line(name, `could not start: ${error.message}`);
      resolve(`could not start: ${error.message}`);
    });
  });
  return {
    name,
    child,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
      try {
        // The whole group: `npx`/`next` start grandchildren of their own.
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        return;
      }
      const timer = setTimeout(() => {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls an HTTP URL until it answers 2xx, the process dies, or time runs out. */
export async function waitForHttp(
  service: ServiceProcess,
  url: string,
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitedEarly = false;
  void service.exited.then(() => {
    exitedEarly = true;
  });
  while (Date.now() < deadline) {
    if (exitedEarly)
      throw new Error(`${service.name} exited during start-up (see its output above)`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${service.name} did not answer at ${url} within ${timeoutMs / 1000} s`);
}

/** Waits until the process prints a line matching `ready`, dies, or time runs out. */
export async function waitForOutput(
  service: ServiceProcess,
  ready: RegExp,
  timeoutMs = 120_000,
): Promise<void> {
  const { stdout } = service.child;
  let seen = '';
  let onData: ((chunk: string) => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      new Promise<void>((resolve) => {
        onData = (chunk: string) => {
          // Only the tail matters: the line may arrive split over two chunks.
          seen = (seen + chunk).slice(-4096);
          if (ready.test(seen)) resolve();
        };
        stdout?.on('data', onData);
      }),
      service.exited.then((how) => {
        throw new Error(`${service.name} exited during start-up (${how}; see its output above)`);
      }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`${service.name} was not ready within ${timeoutMs / 1000} s`)),
          timeoutMs,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
    if (onData) stdout?.off('data', onData);
  }
}
