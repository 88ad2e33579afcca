import {
  parseTrustProxy,
  TRUST_PROXY_RULE,
  type TrustProxy,
} from '@coursepack/trust-proxy/trust-proxy';

/**
 * The collector's configuration, parsed once at start-up from the environment.
 * `parseCollectorConfig` throws one Error listing every bad variable, one line each, so the
 * root start script can validate before starting anything. docs/collector.md lists them all.
 */
export interface CollectorConfig {
  databaseUrl: string;
  port: number;
  host: string;
  /** Path events are POSTed to; starts with `/`. */
  trackingPath: string;
  /** Exact origins (`scheme://host[:port]`) allowed to send events from a browser. */
  allowedOrigins: string[];
  /**
   * The web app's AUTH_SECRET: verifies its session cookies (linking events to signed-in users)
   * and keys the daily IP-hash salt, HMAC(authSecret, UTC date).
   */
  authSecret: string;
  /** True when the development AUTH_SECRET is in use (never allowed in production). */
  usingDevelopmentSecret: boolean;
  bodyLimitBytes: number;
  /** Requests per client per window; 0 turns rate limiting off. */
  rateLimitMax: number;
  rateLimitWindowMs: number;
  /** Most events one group-commit INSERT carries. */
  batchMaxEvents: number;
  /** Group-commit INSERTs in flight at once (each holds one connection). */
  flushConcurrency: number;
  /** Events waiting for the database beyond which requests get 503 at once. */
  maxQueuedEvents: number;
  /** After a database failure, how long requests get 503 without trying the database. */
  databaseRetryMs: number;
  /** Connect and query timeout towards PostgreSQL. */
  databaseTimeoutMs: number;
  /** Monthly partitions kept ready ahead of the current month. */
  partitionMonthsAhead: number;
  /** How long a session token's user is remembered; 0 looks every request up. */
  sessionCacheMs: number;
  /** Which proxies may say who the client is: COLLECTOR_TRUST_PROXY, else TRUST_PROXY. */
  trustProxy: TrustProxy;
  logLevel: string;
}

/**
 * Used when AUTH_SECRET is unset, outside production. The same value as the web app's
 * (apps/web/src/lib/web-config.ts; scripts/start/shared-auth-secret.test.ts keeps them equal),
 * so in development the collector verifies the session cookies the web app signs. Duplicated
 * rather than imported: the collector does not depend on the web app.
 */
export const DEVELOPMENT_AUTH_SECRET = 'coursepack-development-secret-do-not-use-in-production';
const DEFAULT_ALLOWED_ORIGINS = 'http://localhost:3000,http://127.0.0.1:3000';
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

type Env = Readonly<Record<string, string | undefined>>;

class ConfigReader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  raw(name: string): string | undefined {
    const value = this.env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const raw = this.raw(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!/^-?\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) {
      this.problems.push(
        `${name} must be an integer between ${min} and ${max} (got ${JSON.stringify(this.env[name])})`,
      );
      return fallback;
    }
    return value;
  }

  problem(name: string, rule: string): void {
    this.problems.push(`${name} ${rule} (got ${JSON.stringify(this.env[name])})`);
  }
}

export function parseCollectorConfig(env: Env = process.env): CollectorConfig {
  const read = new ConfigReader(env);
  const production = env.NODE_ENV === 'production';

  const databaseUrl = read.raw('DATABASE_URL') ?? '';
  if (databaseUrl === '') {
    read.problems.push('DATABASE_URL is required (a postgres:// URL)');
  } else if (!isPostgresUrl(databaseUrl)) {
    read.problem('DATABASE_URL', 'must be a postgres:// or postgresql:// URL');
  }

  const port = read.integer('COLLECTOR_PORT', 3001, 1, 65_535);
  const host = read.raw('COLLECTOR_HOST') ?? '0.0.0.0';

  let trackingPath = read.raw('TRACKING_PATH') ?? '/events';
  if (!/^\/[A-Za-z0-9._~!$&'()*+,;=:@%/-]*$/.test(trackingPath) || trackingPath.includes('//')) {
    read.problem('TRACKING_PATH', 'must start with "/" and be a plain URL path');
    trackingPath = '/events';
  }

  const allowedOrigins = parseOrigins(read);

  const secret = read.raw('AUTH_SECRET');
  let authSecret = secret ?? DEVELOPMENT_AUTH_SECRET;
  if (secret === undefined && production) {
    read.problems.push('AUTH_SECRET is required when NODE_ENV=production');
  } else if (secret !== undefined && secret.length < 32) {
    read.problems.push(`AUTH_SECRET must be at least 32 characters (got ${secret.length})`);
    authSecret = DEVELOPMENT_AUTH_SECRET;
  }

  const trustProxy = readTrustProxy(read);
  const logLevel = read.raw('COLLECTOR_LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    read.problem('COLLECTOR_LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`);
  }

  const config: CollectorConfig = {
    databaseUrl,
    port,
    host,
    trackingPath,
    allowedOrigins,
    authSecret,
    usingDevelopmentSecret: secret === undefined,
    bodyLimitBytes: read.integer('COLLECTOR_BODY_LIMIT_BYTES', 512 * 1024, 1024, 16 * 1024 * 1024),
    rateLimitMax: read.integer('COLLECTOR_RATE_LIMIT_MAX', 3000, 0, 1_000_000_000),
    rateLimitWindowMs: read.integer('COLLECTOR_RATE_LIMIT_WINDOW_MS', 60_000, 100, 86_400_000),
    batchMaxEvents: read.integer('COLLECTOR_BATCH_MAX_EVENTS', 2000, 100, 50_000),
    flushConcurrency: read.integer('COLLECTOR_FLUSH_CONCURRENCY', 2, 1, 32),
    maxQueuedEvents: read.integer('COLLECTOR_MAX_QUEUED_EVENTS', 50_000, 100, 10_000_000),
    databaseRetryMs: read.integer('COLLECTOR_DB_RETRY_MS', 1000, 0, 60_000),
    databaseTimeoutMs: read.integer('COLLECTOR_DB_TIMEOUT_MS', 5000, 100, 120_000),
    partitionMonthsAhead: read.integer('COLLECTOR_PARTITION_MONTHS_AHEAD', 3, 1, 24),
    sessionCacheMs: read.integer('COLLECTOR_SESSION_CACHE_MS', 60_000, 0, 3_600_000),
    trustProxy,
    logLevel,
  };
  if (read.problems.length > 0) throw new Error(read.problems.join('\n'));
  return config;
}

function isPostgresUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'postgres:' || url.protocol === 'postgresql:';
  } catch {
    return false;
  }
}

function parseOrigins(read: ConfigReader): string[] {
  const raw = read.raw('TRACKING_ALLOWED_ORIGINS') ?? DEFAULT_ALLOWED_ORIGINS;
  const origins: string[] = [];
  const bad: string[] = [];
  for (const entry of raw.split(',')) {
    const candidate = entry.trim();
    if (candidate === '') continue;
    if (isExactOrigin(candidate)) origins.push(candidate);
    else bad.push(candidate);
  }
  if (bad.length > 0) {
    read.problem(
      'TRACKING_ALLOWED_ORIGINS',
      `must be comma-separated origins like https://coursepack.dev (scheme, host, optional port; no "*", path or trailing slash); bad: ${bad.join(', ')}`,
    );
  } else if (origins.length === 0) {
    read.problem('TRACKING_ALLOWED_ORIGINS', 'must list at least one origin');
  }
  return origins;
}

function isExactOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
  } catch {
    return false;
  }
}

/**
 * COLLECTOR_TRUST_PROXY when set (the collector's own, older setting), else the product-wide
 * TRUST_PROXY that the web app reads too: one answer for the whole product behind one proxy.
 */
function readTrustProxy(read: ConfigReader): TrustProxy {
  const name =
    read.raw('COLLECTOR_TRUST_PROXY') === undefined ? 'TRUST_PROXY' : 'COLLECTOR_TRUST_PROXY';
  const trust = parseTrustProxy(read.raw(name));
  if (trust !== null) return trust;
  read.problem(name, TRUST_PROXY_RULE);
  return false;
}
