import { createTestDatabase, type TestDatabase } from '@coursepack/db/testing/test-database';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCollectorApp, createCollectorPool } from './app';
import { type CollectorConfig, parseCollectorConfig } from './config';
import { createGroupCommitWriter, type EventWriter } from './create-group-commit-writer';
import { insertEvents, isRefusedData } from './insert-events';
import {
  CHROME_DESKTOP_UA,
  GOOGLEBOT_UA,
  IPHONE_UA,
  makePayload,
  makeUuidV7,
} from './testing/make-payload';
import { type EventRow, uuidV7Time } from './to-event-rows';

let database: TestDatabase;
let config: CollectorConfig;
let app: FastifyInstance;

const ALLOWED = 'http://localhost:3000';

function configFor(url: string, extra: Record<string, string> = {}): CollectorConfig {
  return parseCollectorConfig({
    DATABASE_URL: url,
    COLLECTOR_RATE_LIMIT_MAX: '0',
    AUTH_SECRET: 'integration-test-secret-of-at-least-32-chars',
    ...extra,
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  config = configFor(database.url);
  app = await buildCollectorApp(config, { logger: false });
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

beforeEach(async () => {
  await sql`TRUNCATE events`.execute(database.db);
});

async function countEvents(): Promise<number> {
  const row = await database.db
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

function post(
  body: unknown,
  options: { contentType?: string; headers?: Record<string, string>; raw?: boolean } = {},
  target: FastifyInstance = app,
): Promise<LightMyRequestResponse> {
  const request: InjectOptions = {
    method: 'POST',
    url: '/events',
    headers: {
      'content-type': options.contentType ?? 'text/plain;charset=UTF-8',
      'user-agent': CHROME_DESKTOP_UA,
      ...options.headers,
    },
    payload: options.raw ? (body as string) : JSON.stringify(body),
  };
  return target.inject(request);
}

describe('storing events', () => {
  it('stores a valid event with every field, parsed user agent and hashed IP (204, text/plain)', async () => {
    const payload = makePayload();
    const response = await post(payload, {
      headers: { 'user-agent': IPHONE_UA, origin: ALLOWED },
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    const row = await database.db.selectFrom('events').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      event_id: payload.event_id,
      type: 'document',
      name: 'viewer',
      action: 'open',
      environment: 'test',
      app: 'web',
      url_path_version: 'v1',
      client: 'coursepack-web',
      related_id: 7,
      related_entity: 'page',
      course_id: 12,
      doc_id: 345,
      action_meta: payload.action_meta,
      session_id: payload.cookie.session_id,
      path: '/documents/345-notes',
      path_with_params: '/documents/345-notes?page=3',
      utm: true,
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring',
      utm_term: 'calculus',
      utm_content: 'header-link',
      referrer: 'https://news.example.org/issue/9',
      referred_by: 'alice',
      location: payload.location,
      browser: 'Mobile Safari',
      browser_version: '17.4',
      os: 'iOS',
      os_version: '17.4',
      device: 'mobile',
      device_vendor: 'Apple',
      device_model: 'iPhone',
      is_bot: false,
      user_id: null,
    });
    expect(row.date?.toISOString()).toBe(payload.date);
    expect(row.received_at.getTime()).toBe(uuidV7Time(payload.event_id));
    expect(Math.abs(row.stored_at.getTime() - Date.now())).toBeLessThan(60_000);
    // No raw IP: a 128-bit hex digest of it (inject's client is 127.0.0.1).
    expect(row.ip_hash).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(row)).not.toContain('127.0.0.1');
  });

  it('stores an array of events sent as application/json, converting digit-string ids', async () => {
    const events = [
      makePayload({ action: 'a' }),
      makePayload({ action: 'b', doc_id: '42' as unknown as number }),
      makePayload({
        action: 'c',
        related_id: undefined,
        course_id: undefined,
        doc_id: undefined,
        action_meta: undefined,
        date: undefined,
      }),
    ];
    const response = await post(events, { contentType: 'application/json; charset=utf-8' });
    expect(response.statusCode).toBe(204);
    const rows = await database.db
      .selectFrom('events')
      .select(['action', 'doc_id', 'course_id', 'action_meta', 'date'])
      .orderBy('action')
      .execute();
    expect(rows).toEqual([
      expect.objectContaining({ action: 'a', doc_id: 345 }),
      expect.objectContaining({ action: 'b', doc_id: 42 }),
      { action: 'c', doc_id: null, course_id: null, action_meta: null, date: null },
    ]);
  });

  it('accepts a minimal event (only the required fields)', async () => {
    const response = await post({
      event_id: makeUuidV7(),
      type: 't',
      name: 'n',
      action: 'a',
      cookie: { session_id: makeUuidV7(), path: '/', path_with_params: '/' },
      location: 'http://localhost:3000/',
    });
    expect(response.statusCode).toBe(204);
    const row = await database.db
      .selectFrom('events')
      .select(['utm', 'utm_source', 'referrer'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ utm: false, utm_source: null, referrer: null });
  });

  it('stores a duplicate event_id once: resent, repeated in one batch, or sent concurrently', async () => {
    const payload = makePayload();
    expect((await post(payload)).statusCode).toBe(204);
    expect((await post(payload)).statusCode).toBe(204);
    const twin = makePayload();
    expect((await post([twin, twin])).statusCode).toBe(204);
    const raced = makePayload();
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(raced)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(204));
    expect(await countEvents()).toBe(3);
  });

  it('answers concurrent requests after one shared commit (group commit)', async () => {
    const payloads = Array.from({ length: 120 }, () => makePayload());
    const answers = await Promise.all(payloads.map((payload) => post(payload)));
    expect(answers.every((answer) => answer.statusCode === 204)).toBe(true);
    // Rows written by one transaction share its id (xmin): far fewer transactions than requests.
    const result = await sql<{ rows: number; transactions: number }>`
      SELECT count(*)::int AS rows, count(DISTINCT xmin::text)::int AS transactions FROM events`.execute(
      database.db,
    );
    const stats = result.rows[0];
    expect(stats?.rows).toBe(120);
    expect(stats?.transactions).toBeLessThan(60);
  });

  it('stores ugly but valid text: lone surrogates become U+FFFD, emoji and quotes stay', async () => {
    const payload = makePayload({
      name: 'emoji 🎓 "quoted" \\ back\\slash',
      action: 'broken \uD800 half',
      action_meta: { '\uDC00key': 'ok', emoji: '😀' },
    });
    expect((await post(payload)).statusCode).toBe(204);
    const row = await database.db
      .selectFrom('events')
      .select(['name', 'action', 'action_meta'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      name: payload.name,
      action: 'broken \uFFFD half',
      action_meta: { '\uFFFDkey': 'ok', emoji: '😀' },
    });
  });

  it('flags bots by user agent, and a request without one', async () => {
    await post(makePayload({ action: 'bot' }), { headers: { 'user-agent': GOOGLEBOT_UA } });
    await post(makePayload({ action: 'human' }), {
      headers: { 'user-agent': CHROME_DESKTOP_UA },
    });
    await post(makePayload({ action: 'none' }), { headers: { 'user-agent': '' } });
    const rows = await database.db
      .selectFrom('events')
      .select(['action', 'is_bot', 'browser', 'device'])
      .orderBy('action')
      .execute();
    expect(rows).toEqual([
      expect.objectContaining({ action: 'bot', is_bot: true }),
      { action: 'human', is_bot: false, browser: 'Chrome', device: 'desktop' },
      { action: 'none', is_bot: true, browser: null, device: null },
    ]);
  });
});

describe('refusing bad requests, storing nothing', () => {
  const big = (length: number) => 'x'.repeat(length);
  const nested = (depth: number): Record<string, unknown> =>
    depth <= 1 ? { leaf: 1 } : { child: nested(depth - 1) };
  const cases: {
    name: string;
    body: () => unknown;
    contentType?: string;
    raw?: boolean;
    status: number;
    code: string;
    fields?: string[];
  }[] = [
    {
      name: 'missing required fields',
      body: () => {
        const { type, name, action, event_id, location, ...rest } = makePayload();
        return rest;
      },
      status: 400,
      code: 'invalid_event',
      fields: ['event_id', 'type', 'name', 'action', 'location'],
    },
    {
      name: 'missing cookie fields',
      body: () => makePayload({ cookie: {} as never }),
      status: 400,
      code: 'invalid_event',
      fields: ['cookie.session_id', 'cookie.path', 'cookie.path_with_params'],
    },
    {
      name: 'wrong types',
      body: () => ({
        ...makePayload(),
        type: 5,
        doc_id: 1.5,
        course_id: 'twelve',
        related_id: -1,
        action_meta: [1, 2],
        date: 'yesterday',
        app: null,
        cookie: { ...makePayload().cookie, utm: 'yes', utm_source: 3, session_id: 'nope' },
      }),
      status: 400,
      code: 'invalid_event',
      fields: [
        'type',
        'doc_id',
        'course_id',
        'related_id',
        'action_meta',
        'date',
        'app',
        'cookie.utm',
        'cookie.utm_source',
        'cookie.session_id',
      ],
    },
    {
      name: 'an event_id that is not a UUIDv7',
      body: () => makePayload({ event_id: '0b6f2a56-4b2d-4f7a-9c1e-3d2b1a0f9e8d' }),
      status: 400,
      code: 'invalid_event',
      fields: ['event_id'],
    },
    {
      name: 'an event_id from more than a day ahead',
      body: () => makePayload({ event_id: makeUuidV7(Date.now() + 3 * 24 * 3600 * 1000) }),
      status: 400,
      code: 'invalid_event',
      fields: ['event_id'],
    },
    {
      name: 'an event dated 1970, by its date or by its id',
      body: () => [
        makePayload({ date: '1970-01-01T00:00:00.000Z' }),
        makePayload({ event_id: makeUuidV7(0) }),
      ],
      status: 400,
      code: 'invalid_event',
      fields: ['[0].date', '[1].event_id'],
    },
    {
      name: 'empty and huge strings',
      body: () =>
        makePayload({ name: '', action: big(201), location: big(2049), client: big(201) }),
      status: 400,
      code: 'invalid_event',
      fields: ['name', 'action', 'location', 'client'],
    },
    {
      name: 'a NUL character (PostgreSQL cannot store it)',
      body: () => makePayload({ type: 'a\u0000b', action_meta: { 'k\u0000': 1 } }),
      status: 400,
      code: 'invalid_event',
      fields: ['type', 'action_meta'],
    },
    {
      name: 'deep action_meta',
      body: () => makePayload({ action_meta: nested(6) }),
      status: 400,
      code: 'invalid_event',
      fields: ['action_meta'],
    },
    {
      name: 'huge action_meta',
      body: () => makePayload({ action_meta: { blob: big(5000) } }),
      status: 400,
      code: 'invalid_event',
      fields: ['action_meta'],
    },
    {
      name: 'one bad event in an array',
      body: () => [makePayload(), makePayload({ doc_id: 'x' as unknown as number })],
      status: 400,
      code: 'invalid_event',
      fields: ['[1].doc_id'],
    },
    {
      name: 'an array of 101 events',
      body: () => Array.from({ length: 101 }, () => makePayload()),
      status: 400,
      code: 'invalid_event',
      fields: ['body'],
    },
    {
      name: 'an empty array',
      body: () => [],
      status: 400,
      code: 'invalid_event',
      fields: ['body'],
    },
    {
      name: 'JSON that is not an object',
      body: () => 42,
      status: 400,
      code: 'invalid_event',
      fields: ['body'],
    },
    {
      name: 'JSON null',
      body: () => null,
      status: 400,
      code: 'invalid_event',
      fields: ['body'],
    },
    {
      name: 'a prototype-poisoning key',
      body: () => '{"__proto__":{"x":1},"type":"t"}',
      raw: true,
      contentType: 'application/json',
      status: 400,
      code: 'invalid_json',
    },
    {
      name: 'malformed application/json',
      body: () => '{"type": "t",',
      raw: true,
      contentType: 'application/json',
      status: 400,
      code: 'invalid_json',
    },
    {
      name: 'text/plain that is not JSON',
      body: () => 'hello there',
      raw: true,
      status: 415,
      code: 'unsupported_media_type',
    },
    {
      name: 'a form-encoded body',
      body: () => 'type=t&name=n',
      raw: true,
      contentType: 'application/x-www-form-urlencoded',
      status: 415,
      code: 'unsupported_media_type',
    },
    {
      name: 'an XML body',
      body: () => '<event/>',
      raw: true,
      contentType: 'application/xml',
      status: 415,
      code: 'unsupported_media_type',
    },
    {
      name: 'an empty text/plain body',
      body: () => '',
      raw: true,
      status: 400,
      code: 'empty_body',
    },
    {
      name: 'an empty application/json body',
      body: () => '',
      raw: true,
      contentType: 'application/json',
      status: 400,
      code: 'empty_body',
    },
    {
      name: 'a 1 MB body',
      body: () => JSON.stringify(makePayload({ action_meta: { blob: big(1024 * 1024) } })),
      raw: true,
      contentType: 'application/json',
      status: 413,
      code: 'body_too_large',
    },
  ];

  for (const testCase of cases) {
    it(`${testCase.name} → ${testCase.status} ${testCase.code}`, async () => {
      const response = await post(testCase.body(), {
        contentType: testCase.contentType,
        raw: testCase.raw,
      });
      expect(response.statusCode).toBe(testCase.status);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const body = response.json() as {
        error: { code: string; message: string; fields?: { field: string; message: string }[] };
      };
      expect(body.error.code).toBe(testCase.code);
      expect(body.error.message).toEqual(expect.any(String));
      if (testCase.fields) {
        expect(body.error.fields?.map((field) => field.field).sort()).toEqual(
          [...testCase.fields].sort(),
        );
        for (const field of body.error.fields ?? []) expect(field.message).not.toBe('');
      }
      expect(await countEvents()).toBe(0);
    });
  }

  it('names the rule broken by each field', async () => {
    const response = await post(
      makePayload({ doc_id: 1.5, name: '', event_id: 'abc', action_meta: { a: 'x'.repeat(5000) } }),
    );
    const fields = Object.fromEntries(
      (
        response.json() as { error: { fields: { field: string; message: string }[] } }
      ).error.fields.map((field) => [field.field, field.message]),
    );
    expect(fields).toEqual({
      doc_id: 'must be a non-negative integer or a string of up to 15 digits',
      name: 'must not be empty',
      event_id: 'must be a UUIDv7',
      action_meta: expect.stringMatching(/^must be at most 4096 bytes as JSON/),
    });
  });

  it('answers other methods with 405 and Allow, unknown paths with 404', async () => {
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/events' });
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toBe('POST, OPTIONS');
      expect(response.json()).toMatchObject({ error: { code: 'method_not_allowed' } });
    }
    const missing = await app.inject({ method: 'POST', url: '/nope', payload: {} });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});

describe('CORS', () => {
  it('answers an allowed preflight with the origin echoed, credentials and a cache lifetime', async () => {
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/events',
      headers: {
        origin: ALLOWED,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(response.headers['access-control-allow-methods']).toContain('POST');
    expect(response.headers['access-control-allow-headers']).toMatch(/content-type/i);
    expect(Number(response.headers['access-control-max-age'])).toBeGreaterThan(0);
    expect(response.headers.vary).toMatch(/origin/i);
  });

  it('echoes an allowed origin on POST (never *) and stores the event', async () => {
    const response = await post(makePayload(), { headers: { origin: 'http://127.0.0.1:3000' } });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('http://127.0.0.1:3000');
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(response.headers.vary).toMatch(/origin/i);
    expect(await countEvents()).toBe(1);
  });

  it('refuses other origins: no CORS headers, 403, nothing stored', async () => {
    for (const origin of ['https://evil.example', 'http://localhost:3001', 'null']) {
      const preflight = await app.inject({
        method: 'OPTIONS',
        url: '/events',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(preflight.statusCode).toBe(403);
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();

      const response = await post(makePayload(), { headers: { origin } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: { code: 'origin_not_allowed' } });
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    }
    expect(await countEvents()).toBe(0);
  });

  it('accepts requests without an Origin (servers, tools) without CORS headers', async () => {
    const response = await post(makePayload());
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('operations', () => {
  it('reports liveness at /healthz', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up', pendingEvents: 0 });
  });

  it('rate-limits each client with 429', async () => {
    const limited = await buildCollectorApp(
      configFor(database.url, { COLLECTOR_RATE_LIMIT_MAX: '3' }),
      {
        logger: false,
        maintainPartitions: false,
      },
    );
    try {
      const from = (remoteAddress: string) =>
        limited.inject({
          method: 'POST',
          url: '/events',
          remoteAddress,
          headers: { 'content-type': 'application/json' },
          payload: makePayload(),
        });
      const first = await Promise.all([1, 2, 3].map(() => from('10.0.0.1')));
      expect(first.map((response) => response.statusCode)).toEqual([204, 204, 204]);
      const over = await from('10.0.0.1');
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({ error: { code: 'rate_limited' } });
      expect(over.headers['retry-after']).toBeDefined();
      expect((await from('10.0.0.2')).statusCode).toBe(204);
      expect(await countEvents()).toBe(4);
    } finally {
      await limited.close();
    }
  });

  it('commits every batch in flight before closing, and refuses requests after', async () => {
    let releaseFlush: () => void = () => {};
    const flushHeld = new Promise<void>((resolve) => {
      releaseFlush = resolve;
    });
    let writes = 0;
    const pool = createCollectorPool(config);
    const inner = createGroupCommitWriter<EventRow>({
      insert: async (rows) => {
        await flushHeld;
        return insertEvents(pool, rows);
      },
      isRefusedData,
      maxBatchEvents: 1000,
      concurrency: 1,
      flushDelayMs: 0,
      maxQueuedEvents: 10_000,
      retryAfterFailureMs: 0,
    });
    const writer: EventWriter<EventRow> = {
      get databaseUp() {
        return inner.databaseUp;
      },
      get pendingEvents() {
        return inner.pendingEvents;
      },
      write: (rows) => {
        writes += 1;
        return inner.write(rows);
      },
      close: () => inner.close(),
    };
    const closing = await buildCollectorApp(config, {
      logger: false,
      maintainPartitions: false,
      writer,
    });
    try {
      const answers = Array.from({ length: 30 }, () => post(makePayload(), {}, closing));
      while (writes < 30) await new Promise((resolve) => setTimeout(resolve, 5));
      const closed = closing.close();
      const late = await post(makePayload(), {}, closing);
      expect(late.statusCode).toBe(503);
      releaseFlush();
      await closed;
      const statuses = (await Promise.all(answers)).map((answer) => answer.statusCode);
      expect(statuses).toEqual(Array(30).fill(204));
      expect(await countEvents()).toBe(30);
    } finally {
      await pool.end();
    }
  });
});
