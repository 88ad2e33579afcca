import { createHmac } from 'node:crypto';
import { insertUsers } from '@coursepack/db/testing/insert-user';
import { createTestDatabase, type TestDatabase } from '@coursepack/db/testing/test-database';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCollectorApp, createCollectorPool } from './app';
import { type CollectorConfig, parseCollectorConfig } from './config';
import { CHROME_DESKTOP_UA, makePayload } from './testing/make-payload';

const SECRET = 'integration-test-secret-of-at-least-32-chars';
const CACHE_MS = 300;

let database: TestDatabase;
let config: CollectorConfig;
let pool: pg.Pool;
let app: FastifyInstance;
/** Names of the prepared statements the collector ran, to see which requests looked a session up. */
let statements: string[] = [];

/** The cookie better-auth sets: `<token>.<base64 HMAC-SHA256(token)>`, percent-encoded. */
function sessionCookie(token: string, secret = SECRET, name = 'coursepack.session_token'): string {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return `${name}=${encodeURIComponent(`${token}.${signature}`)}`;
}

async function addSession(token: string, userId: string, expiresInMs: number): Promise<void> {
  await database.db
    .insertInto('sessions')
    .values({
      id: `session-${token}`,
      user_id: userId,
      token,
      expires_at: new Date(Date.now() + expiresInMs),
      created_at: new Date(),
      updated_at: new Date(),
    })
    .execute();
}

/** Sends one event with these cookies and answers the stored row's user_id. */
async function storedUserId(cookie?: string): Promise<string | null> {
  const payload = makePayload();
  const response = await app.inject({
    method: 'POST',
    url: '/events',
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': CHROME_DESKTOP_UA,
      origin: 'http://localhost:3000',
      ...(cookie === undefined
        ? {}
        : { cookie: `dpevent=${payload.cookie.session_id}; ${cookie}` }),
    },
    payload: JSON.stringify(payload),
  });
  expect(response.statusCode).toBe(204);
  const row = await database.db
    .selectFrom('events')
    .select('user_id')
    .where('event_id', '=', payload.event_id)
    .executeTakeFirstOrThrow();
  return row.user_id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  config = parseCollectorConfig({
    DATABASE_URL: database.url,
    COLLECTOR_RATE_LIMIT_MAX: '0',
    AUTH_SECRET: SECRET,
    COLLECTOR_SESSION_CACHE_MS: String(CACHE_MS),
  });
  pool = createCollectorPool(config);
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    const first = args[0] as { name?: string } | string;
    if (typeof first === 'object' && first.name) statements.push(first.name);
    return query(...args);
  }) as typeof pool.query;
  app = await buildCollectorApp(config, { pool, logger: false, maintainPartitions: false });
  await insertUsers(database.db, [
    { id: 'user-ada', name: 'Ada', email: 'ada@example.org' },
    { id: 'user-bob', name: 'Bob', email: 'bob@example.org' },
  ]);
});

afterAll(async () => {
  await app?.close();
  await pool?.end();
  await database?.destroy();
});

beforeEach(async () => {
  await sql`TRUNCATE events`.execute(database.db);
  statements = [];
});

describe('linking events to the signed-in user', () => {
  it('stores the user of a validly signed, unexpired session cookie', async () => {
    await addSession('token-valid', 'user-ada', 3_600_000);
    await expect(storedUserId(sessionCookie('token-valid'))).resolves.toBe('user-ada');
    // The https name better-auth uses behind TLS.
    await addSession('token-secure', 'user-bob', 3_600_000);
    await expect(
      storedUserId(sessionCookie('token-secure', SECRET, '__Secure-coursepack.session_token')),
    ).resolves.toBe('user-bob');
  });

  it('stores no user for a cookie signed with another secret, or not signed', async () => {
    await addSession('token-forged', 'user-ada', 3_600_000);
    await expect(
      storedUserId(sessionCookie('token-forged', 'a-different-secret-of-32-characters')),
    ).resolves.toBeNull();
    await expect(storedUserId('coursepack.session_token=token-forged')).resolves.toBeNull();
    // Refused before any lookup.
    expect(statements).not.toContain('coursepack_find_session');
  });

  it('stores no user for an expired session', async () => {
    await addSession('token-expired', 'user-ada', -1000);
    await expect(storedUserId(sessionCookie('token-expired'))).resolves.toBeNull();
  });

  it('stops linking a deleted session (signed out) once the cache entry expires', async () => {
    await addSession('token-deleted', 'user-bob', 3_600_000);
    const cookie = sessionCookie('token-deleted');
    await expect(storedUserId(cookie)).resolves.toBe('user-bob');
    await database.db.deleteFrom('sessions').where('token', '=', 'token-deleted').execute();
    // Remembered for COLLECTOR_SESSION_CACHE_MS: the hot path makes no query per event.
    await expect(storedUserId(cookie)).resolves.toBe('user-bob');
    expect(statements.filter((name) => name === 'coursepack_find_session')).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, CACHE_MS + 50));
    await expect(storedUserId(cookie)).resolves.toBeNull();
  });

  it('stores no user without a session cookie, and looks nothing up', async () => {
    await expect(storedUserId()).resolves.toBeNull();
    await expect(storedUserId('theme=dark')).resolves.toBeNull();
    expect(statements).not.toContain('coursepack_find_session');
  });
});
