import { type Env, parseEnv } from '@coursepack/config/parse-env';
import { byteSize, integer, logLevel, originList, trustProxy } from '@coursepack/config/rules';
import { SHARED_VARIABLES, secretVariables } from '@coursepack/config/shared-variables';
import type { TrustProxy } from '@coursepack/trust-proxy/trust-proxy';
import { z } from 'zod';

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
  bodyLimitBytes: number;
  /** Requests per client per window; 0 turns rate limiting off. */
  rateLimitMax: number;
  rateLimitWindowMs: number;
  /** Most events one group-commit INSERT carries. */
  batchMaxEvents: number;
  /** Group-commit INSERTs in flight at once (each holds one connection). */
  flushConcurrency: number;
  /** How long a small batch waits for more events before its commit (0: at once). */
  flushDelayMs: number;
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

/** Only exact origins: CORS with credentials compares them byte for byte. */
const allowedOrigins = originList('http://localhost:3000,http://127.0.0.1:3000', {
  required: true,
});

function collectorVariables(env: Env) {
  return {
    DATABASE_URL: SHARED_VARIABLES.DATABASE_URL,
    COLLECTOR_PORT: SHARED_VARIABLES.COLLECTOR_PORT,
    COLLECTOR_HOST: z.string().default('0.0.0.0'),
    TRACKING_PATH: SHARED_VARIABLES.TRACKING_PATH,
    TRACKING_ALLOWED_ORIGINS: allowedOrigins,
    AUTH_SECRET: secretVariables(env).AUTH_SECRET,
    TRUST_PROXY: SHARED_VARIABLES.TRUST_PROXY,
    // The collector's own, older setting; it wins over the product-wide TRUST_PROXY.
    COLLECTOR_TRUST_PROXY: trustProxy.optional(),
    COLLECTOR_LOG_LEVEL: logLevel,
    COLLECTOR_BODY_LIMIT_BYTES: byteSize(512 * 1024, 1024, 16 * 1024 * 1024),
    COLLECTOR_RATE_LIMIT_MAX: integer(3000, 0, 1_000_000_000),
    COLLECTOR_RATE_LIMIT_WINDOW_MS: integer(60_000, 100, 86_400_000),
    COLLECTOR_BATCH_MAX_EVENTS: integer(2000, 100, 50_000),
    COLLECTOR_FLUSH_CONCURRENCY: integer(2, 1, 32),
    COLLECTOR_FLUSH_DELAY_MS: integer(20, 0, 1000),
    COLLECTOR_MAX_QUEUED_EVENTS: integer(50_000, 100, 10_000_000),
    COLLECTOR_DB_RETRY_MS: integer(1000, 0, 60_000),
    COLLECTOR_DB_TIMEOUT_MS: integer(5000, 100, 120_000),
    COLLECTOR_PARTITION_MONTHS_AHEAD: integer(3, 1, 24),
    COLLECTOR_SESSION_CACHE_MS: integer(60_000, 0, 3_600_000),
  };
}

export function parseCollectorConfig(env: Env = process.env): CollectorConfig {
  const value = parseEnv(env, collectorVariables(env));
  return {
    databaseUrl: value.DATABASE_URL,
    port: value.COLLECTOR_PORT,
    host: value.COLLECTOR_HOST,
    trackingPath: value.TRACKING_PATH,
    allowedOrigins: value.TRACKING_ALLOWED_ORIGINS,
    authSecret: value.AUTH_SECRET,
    bodyLimitBytes: value.COLLECTOR_BODY_LIMIT_BYTES,
    rateLimitMax: value.COLLECTOR_RATE_LIMIT_MAX,
    rateLimitWindowMs: value.COLLECTOR_RATE_LIMIT_WINDOW_MS,
    batchMaxEvents: value.COLLECTOR_BATCH_MAX_EVENTS,
    flushConcurrency: value.COLLECTOR_FLUSH_CONCURRENCY,
    flushDelayMs: value.COLLECTOR_FLUSH_DELAY_MS,
    maxQueuedEvents: value.COLLECTOR_MAX_QUEUED_EVENTS,
    databaseRetryMs: value.COLLECTOR_DB_RETRY_MS,
    databaseTimeoutMs: value.COLLECTOR_DB_TIMEOUT_MS,
    partitionMonthsAhead: value.COLLECTOR_PARTITION_MONTHS_AHEAD,
    sessionCacheMs: value.COLLECTOR_SESSION_CACHE_MS,
    trustProxy: value.COLLECTOR_TRUST_PROXY ?? value.TRUST_PROXY,
    logLevel: value.COLLECTOR_LOG_LEVEL,
  };
}
