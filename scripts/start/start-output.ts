import type { Readable } from 'node:stream';

/**
 * Everything `npm start` prints, a line at a time behind the name of the part it comes from
 * (`[start]`, `[web]`, `[media]`…), so a terminal shared by six processes stays readable and
 * the start can tell how long it has been quiet.
 */
export interface StartOutput {
  line(source: string, text: string): void;
  /** Prints every line a child writes to `stream`, behind `source`. */
  forward(stream: Readable | null, source: string): void;
  /** How long since the last line, in milliseconds. */
  quietForMs(): number;
}

export function createStartOutput(
  write: (text: string) => void = (text) => process.stdout.write(text),
  now: () => number = Date.now,
): StartOutput {
  let lastLineAt = now();
  const line = (source: string, text: string) => {
    lastLineAt = now();
    write(`${`[${source}]`.padEnd(12)} ${text}\n`);
  };
  return {
    line,
    forward(stream, source) {
      stream?.setEncoding('utf8');
      let pending = '';
      stream?.on('data', (chunk: string) => {
        pending += chunk;
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const text of lines) line(source, text);
      });
      stream?.on('end', () => {
        if (pending !== '') line(source, pending);
        pending = '';
      });
    },
    quietForMs: () => now() - lastLineAt,
  };
}

/** The one `npm start` prints to. */
export const startOutput = createStartOutput();

/** "45 s", "3 min 5 s". */
export function describeDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const rest = seconds % 60;
  return rest === 0
    ? `${Math.floor(seconds / 60)} min`
    : `${Math.floor(seconds / 60)} min ${rest} s`;
}

export interface ProgressOptions {
  output: StartOutput;
  log: (line: string) => void;
  /** A line is printed once the terminal has been quiet this long during a step. */
  quietMs?: number;
}

export interface Progress {
  /** The step under way, as it finishes "Still …": `building the web app`. */
  step(what: string, hint?: string): void;
  stop(): void;
}

/**
 * Says what start-up is waiting for whenever nothing else has been printed for a while: a first
 * start on a busy machine spends minutes in steps (Next's compile, the embedded database's
 * first run) that print nothing, and a silent terminal looks like a hung one.
 */
export function reportProgress({ output, log, quietMs = 20_000 }: ProgressOptions): Progress {
  let current: { what: string; hint?: string; since: number } | undefined;
  const timer = setInterval(
    () => {
      if (!current || output.quietForMs() < quietMs) return;
      // The hint once per step: repeated, it would bury the figure that changes.
      const hint = current.hint ? ` ${current.hint}` : '';
      current.hint = undefined;
      log(`Still ${current.what} (${describeDuration(Date.now() - current.since)} so far).${hint}`);
    },
    Math.max(1_000, quietMs / 4),
  );
  timer.unref();
  return {
    step(what, hint) {
      current = { what, hint, since: Date.now() };
    },
    stop() {
      current = undefined;
      clearInterval(timer);
    },
  };
}
