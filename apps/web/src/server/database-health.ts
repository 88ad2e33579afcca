/**
 * Whether PostgreSQL is reachable, as far as this process has seen. Nothing here runs while the
 * database is healthy: the flag is raised by the pool when PostgreSQL ends its idle connections,
 * or by a request that failed to reach it (an API error, a page's render error, better-auth's),
 * and only then do `proxy.ts`'s checks probe it — at most once per `PROBE_INTERVAL_MS`, one
 * probe at a time — until a probe gets through. Kept on globalThis, like the pool, because the
 * proxy, route handlers and pages are separate bundles in one process.
 */

/** How often a down database is probed. */
export const PROBE_INTERVAL_MS = 2_000;
/** What a 503 tells clients: a little longer than a probe interval. */
export const RETRY_AFTER_SECONDS = 5;
/** How long PostgreSQL runs one statement of the web app before cancelling it. */
export const STATEMENT_TIMEOUT_MS = 8_000;
/**
 * How long a query waits for any answer: a server that has not even sent its cancellation by
 * then has stopped answering (pg's "Query read timeout"), which is an outage, not a slow query.
 */
export const QUERY_TIMEOUT_MS = 10_000;
/** A probe that has not answered by then (a host that drops packets) counts as down. */
const PROBE_TIMEOUT_MS = 1_000;

// Node's socket errors, and what pg says when it gives up connecting or waiting for an answer.
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
const UNREACHABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Connection terminated',
  'Client has encountered a connection error',
];

interface DatabaseHealth {
  down: boolean;
  probe: (() => Promise<unknown>) | null;
  probing: Promise<void> | null;
  probedAt: number;
}

const globalForHealth = globalThis as typeof globalThis & {
  coursepackDatabaseHealth?: DatabaseHealth;
};

function health(): DatabaseHealth {
  globalForHealth.coursepackDatabaseHealth ??= {
    down: false,
    probe: null,
    probing: null,
    probedAt: 0,
  };
  return globalForHealth.coursepackDatabaseHealth;
}

/**
 * Whether an error means the database could not be reached (rather than that a query was wrong):
 * a refused or dropped connection, PostgreSQL shutting down or not yet accepting connections
 * (57P01–57P03, 57P05), a connection exception (class 08), too many connections (53300).
 */
export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    if (UNREACHABLE_CODES.has(code) || /^(08|57P0[1235]$|53300$)/.test(code)) return true;
  }
  if (typeof message === 'string' && UNREACHABLE_MESSAGES.some((m) => message.includes(m))) {
    return true;
  }
  // Node reports a refused connection to every address of a host as an AggregateError.
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnreachable(inner, depth + 1))) {
    return true;
  }
  return isDatabaseUnreachable(cause, depth + 1);
}

/** Raises the flag if `error` says the database is unreachable; tells whether it did. */
export function reportDatabaseError(error: unknown): boolean {
  if (!isDatabaseUnreachable(error)) return false;
  health().down = true;
  return true;
}

/** Whether a request has found the database unreachable and no probe has reached it since. */
export function isDatabaseKnownDown(): boolean {
  return health().down;
}

/** How to check the database is back (a `SELECT 1` over the process's pool). */
export function setDatabaseProbe(probe: () => Promise<unknown>): void {
  health().probe = probe;
}

/**
 * Whether the database is known to be down. Free while it is up; while it is down, probes it
 * when the last probe is older than `PROBE_INTERVAL_MS` (callers meanwhile share the one probe),
 * and clears the flag when a probe gets through.
 */
export async function isDatabaseDown(now: number = Date.now()): Promise<boolean> {
  const state = health();
  if (!state.down) return false;
  const { probe } = state;
  if (!state.probing && probe && now - state.probedAt >= PROBE_INTERVAL_MS) {
    state.probedAt = now;
    state.probing = probeWithin(probe, PROBE_TIMEOUT_MS)
      .then((reached) => {
        if (reached) state.down = false;
      })
      .finally(() => {
        state.probing = null;
      });
  }
  if (state.probing) await state.probing;
  return state.down;
}

async function probeWithin(probe: () => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([
      probe().then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
