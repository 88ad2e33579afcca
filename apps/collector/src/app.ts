import type { LogStream } from '@coursepack/service-log/log-stream';
import { createHopTrust } from '@coursepack/trust-proxy/trust-proxy';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyRequest,
  LogController,
} from 'fastify';
import pg from 'pg';
import { CollectorError, toCollectorError } from './collector-error';
import type { CollectorConfig } from './config';
import { createGroupCommitWriter, type EventWriter } from './create-group-commit-writer';
import { startPartitionMaintenance } from './ensure-event-partitions';
import {
  type AcceptedPayload,
  collectorAjvOptions,
  eventBatchSchema,
  formatValidationErrors,
} from './event-schema';
import { createIpHasher } from './hash-ip';
import { insertEvents, isRefusedData } from './insert-events';
import { createUserAgentParser } from './parse-user-agent';
import { createSessionUserLookup, readSessionToken } from './resolve-session-user';
import { describeProblems, type EventRow, toEventRows } from './to-event-rows';

export interface CollectorDeps {
  /** PostgreSQL pool; by default one is made from `config.databaseUrl` and closed with the app. */
  pool?: pg.Pool;
  /** How events reach the table; by default group commit over the pool (benchmarks swap it). */
  writer?: EventWriter<EventRow>;
  /** Pino logging at `config.logLevel`; off in tests. */
  logger?: boolean;
  /** Where log lines go instead of stdout's JSON lines (`createLogStream`). */
  logStream?: LogStream;
  /** Create partitions at start-up and periodically (default true). */
  maintainPartitions?: boolean;
}

/** Browsers cap it (Chrome at 2 h); those that allow more keep the preflight for a day. */
const PREFLIGHT_MAX_AGE_SECONDS = 86_400;
const RETRY_AFTER_SECONDS = '1';
/** Session tokens whose user is remembered at once (about 150 bytes each). */
const SESSION_CACHE_MAX_ENTRIES = 10_000;
const FIND_SESSION_SQL =
  'SELECT user_id, expires_at FROM sessions WHERE token = $1 AND expires_at > now()';

declare module 'fastify' {
  interface FastifyRequest {
    /** Whether the body was an array of events (it is an array from validation on). */
    eventBatch: boolean;
  }
}

/**
 * A pool sized for the writer's flushes plus partition upkeep and session lookups, failing fast
 * when PostgreSQL is away.
 */
export function createCollectorPool(config: CollectorConfig): pg.Pool {
  return new pg.Pool({
    connectionString: config.databaseUrl,
    max: config.flushConcurrency + 2,
    connectionTimeoutMillis: config.databaseTimeoutMs,
    query_timeout: config.databaseTimeoutMs,
    idleTimeoutMillis: 30_000,
    application_name: 'coursepack-collector',
  });
}

export async function buildCollectorApp(
  config: CollectorConfig,
  deps: CollectorDeps = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ? { level: config.logLevel, stream: deps.logStream } : false,
    // A line per request would cost more than storing the event; errors and 5xx are logged.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: createHopTrust(config.trustProxy),
    ajv: { customOptions: collectorAjvOptions },
  });

  const ownsPool = deps.pool === undefined;
  const pool = deps.pool ?? createCollectorPool(config);
  // An idle connection dropped by a restarting server must not crash us; the pool replaces it.
  pool.on('error', (error) => app.log.warn({ err: error }, 'idle PostgreSQL connection lost'));

  const writer =
    deps.writer ??
    createGroupCommitWriter<EventRow>({
      insert: (rows) => insertEvents(pool, rows),
      isRefusedData,
      maxBatchEvents: config.batchMaxEvents,
      concurrency: config.flushConcurrency,
      flushDelayMs: config.flushDelayMs,
      maxQueuedEvents: config.maxQueuedEvents,
      retryAfterFailureMs: config.databaseRetryMs,
      onFlushError: (error, events) =>
        app.log.error({ err: error, events }, 'could not store a batch of events'),
    });

  const maintenance =
    deps.maintainPartitions === false
      ? undefined
      : startPartitionMaintenance({
          db: pool,
          monthsAhead: config.partitionMonthsAhead,
          onCreated: (created) => app.log.info({ created }, 'created events partitions'),
          onError: (error) => app.log.warn({ err: error }, 'could not ensure events partitions'),
        });

  // Graceful shutdown: Fastify stops accepting and waits for in-flight requests, which wait
  // for their flush; then whatever the writer still holds is committed before the pool closes.
  app.addHook('onClose', async () => {
    maintenance?.stop();
    await writer.close();
    if (ownsPool) await pool.end();
  });

  const parseUserAgent = createUserAgentParser();
  const hashIp = createIpHasher(config.authSecret);
  const sessionUsers = createSessionUserLookup({
    findSession: async (token) => {
      const result = await pool.query<{ user_id: string; expires_at: Date }>({
        name: 'coursepack_find_session',
        text: FIND_SESSION_SQL,
        values: [token],
      });
      const row = result.rows[0];
      return row && { userId: row.user_id, expiresAt: row.expires_at };
    },
    ttlMs: config.sessionCacheMs,
    maxEntries: SESSION_CACHE_MAX_ENTRIES,
  });
  const allowedOrigins = new Set(config.allowedOrigins);
  const isAllowedOrigin = (origin: string | undefined) =>
    origin !== undefined && allowedOrigins.has(origin);

  // sendBeacon and `fetch` with a string body send text/plain (no preflight): it must hold JSON.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) => {
    parseJson(request, body as string, (error, value) => {
      if (error && (error as { code?: string }).code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
        done(
          new CollectorError('unsupported_media_type', 'A text/plain body must hold JSON', {
            cause: error,
          }),
          undefined,
        );
      } else {
        done(error, value);
      }
    });
  });

  await app.register(cors, {
    origin: (origin, callback) => callback(null, isAllowedOrigin(origin)),
    credentials: true,
    methods: ['POST'],
    allowedHeaders: ['Content-Type'],
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
    strictPreflight: true,
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new CollectorError('rate_limited', `Too many requests; retry in ${context.after}`),
  });

  app.decorateRequest('eventBatch', false);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const failure = error.validation
      ? (() => {
          const fields = formatValidationErrors(error.validation, request.eventBatch);
          return new CollectorError('invalid_event', describeProblems(fields), { fields });
        })()
      : toCollectorError(error);
    if (failure.statusCode >= 500) {
      request.log.error({ err: error, code: failure.code }, failure.message);
      reply.header('retry-after', RETRY_AFTER_SECONDS);
    }
    if (failure.code === 'method_not_allowed') reply.header('allow', 'POST, OPTIONS');
    return reply.code(failure.statusCode).send(failure.toBody());
  });

  app.setNotFoundHandler((request, reply) => {
    // @fastify/cors hands refused preflights to the not-found handler.
    const refusedPreflight =
      request.method === 'OPTIONS' && pathOf(request) === config.trackingPath;
    const failure = refusedPreflight
      ? new CollectorError('origin_not_allowed', 'This origin may not send events')
      : new CollectorError('not_found', `No route ${request.method} ${pathOf(request)}`);
    return reply.code(failure.statusCode).send(failure.toBody());
  });

  // GET /healthz – liveness (never queries the database: an outage must not restart us).
  app.get('/healthz', async () => ({
    status: 'ok',
    database: writer.databaseUp ? 'up' : 'down',
    pendingEvents: writer.pendingEvents,
  }));

  // POST {TRACKING_PATH} – store one event or an array of up to 100, answer 204 once committed.
  app.post<{ Body: AcceptedPayload[] }>(
    config.trackingPath,
    {
      schema: { body: eventBatchSchema },
      config:
        config.rateLimitMax > 0
          ? { rateLimit: { max: config.rateLimitMax, timeWindow: config.rateLimitWindowMs } }
          : {},
      onRequest: async (request) => {
        const origin = request.headers.origin;
        if (origin !== undefined && !isAllowedOrigin(origin)) {
          throw new CollectorError('origin_not_allowed', 'This origin may not send events');
        }
      },
      preValidation: async (request) => {
        request.eventBatch = Array.isArray(request.body);
        if (!request.eventBatch) request.body = [request.body as unknown as AcceptedPayload];
      },
    },
    async (request, reply) => {
      const now = new Date();
      // The signed-in user behind the web app's session cookie, which the browser sends with the
      // tracker's credentialed request when the collector shares the site. No cookie (anonymous
      // events, the benchmarks): no lookup, no await. While the database is down the write
      // answers 503 anyway.
      const token = readSessionToken(request.headers.cookie, config.authSecret);
      const userId =
        token !== null && writer.databaseUp ? await sessionUsers.userIdFor(token) : null;
      const rows = toEventRows(request.body, {
        now,
        batch: request.eventBatch,
        userAgent: parseUserAgent(request.headers['user-agent']),
        ipHash: hashIp(request.ip, now),
        userId,
      });
      await writer.write(rows);
      return reply.code(204).send();
    },
  );

  // Other methods on the tracking path: 405 with Allow (OPTIONS is the CORS preflight).
  app.route({
    method: ['GET', 'PUT', 'PATCH', 'DELETE'],
    url: config.trackingPath,
    handler: async () => {
      throw new CollectorError('method_not_allowed', 'Use POST to send events');
    },
  });

  return app;
}

function pathOf(request: FastifyRequest): string {
  const query = request.url.indexOf('?');
  return query === -1 ? request.url : request.url.slice(0, query);
}
