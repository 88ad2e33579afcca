/**
 * Keeps one part of the product running: when it stops without being asked to, it is started
 * again after a back-off that doubles with each quick crash (so a part that cannot start does
 * not spin the machine) and returns to the first delay once a run has lasted `stableAfterMs`.
 * Each crash and restart is said in one line, so the terminal tells what happened.
 */

/** A running instance of a part: resolves `exited` with a description of how it ended. */
export interface Running {
  exited: Promise<string>;
  stop(): Promise<void>;
}

export interface SuperviseOptions<R extends Running> {
  name: string;
  /** The instance already running (started and checked by the caller). */
  first: R;
  /** Starts a new instance; throwing counts as a crash. */
  restart: () => Promise<R>;
  log: (line: string) => void;
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** A run at least this long resets the back-off to `initialDelayMs`. */
  stableAfterMs?: number;
  /** Injected in tests; resolves early when `signal` aborts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => number;
}

export interface Supervised<R extends Running> {
  current(): R;
  /** How many times the part has been restarted. */
  restarts(): number;
  /** Stops the current instance and any restart still waiting; nothing is started again. */
  stop(): Promise<void>;
}

export const RESTART_INITIAL_DELAY_MS = 1_000;
export const RESTART_MAX_DELAY_MS = 30_000;
export const RESTART_STABLE_AFTER_MS = 60_000;

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

function formatDelay(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}

export function supervise<R extends Running>(options: SuperviseOptions<R>): Supervised<R> {
  const {
    name,
    restart,
    log,
    initialDelayMs = RESTART_INITIAL_DELAY_MS,
    maxDelayMs = RESTART_MAX_DELAY_MS,
    stableAfterMs = RESTART_STABLE_AFTER_MS,
    sleep = abortableSleep,
    now = Date.now,
  } = options;
  const stopping = new AbortController();
  let current = options.first;
  let restarts = 0;

  const loop = async () => {
    let delay = initialDelayMs;
    let startedAt = now();
    let ended = await current.exited;
    while (!stopping.signal.aborted) {
      if (now() - startedAt >= stableAfterMs) delay = initialDelayMs;
      restarts += 1;
      log(
        `${name} stopped unexpectedly (${ended}); restarting in ${formatDelay(delay)} (restart ${restarts})`,
      );
      await sleep(delay, stopping.signal);
      if (stopping.signal.aborted) return;
      delay = Math.min(delay * 2, maxDelayMs);
      startedAt = now();
      try {
        current = await restart();
      } catch (error) {
        ended = `could not start: ${error instanceof Error ? error.message : String(error)}`;
        continue;
      }
      if (stopping.signal.aborted) {
        await current.stop();
        return;
      }
      log(`${name} is running again`);
      ended = await current.exited;
    }
  };
  const looping = loop();

  return {
    current: () => current,
    restarts: () => restarts,
    async stop() {
      stopping.abort();
      await current.stop();
      await looping;
    },
  };
}
