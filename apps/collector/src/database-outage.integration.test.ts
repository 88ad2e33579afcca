import {
  type StoppableDatabase,
  startStoppableDatabase,
} from '@coursepack/db/testing/stoppable-database';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildCollectorApp } from './app';
import { parseCollectorConfig } from './config';
import { makePayload } from './testing/make-payload';

// A PostgreSQL of this suite's own, so it can be stopped and restarted under the collector.
let database: StoppableDatabase;
let app: FastifyInstance;
const RETRY_MS = 200;

beforeAll(async () => {
  database = await startStoppableDatabase('collector-outage');
  const config = parseCollectorConfig({
    DATABASE_URL: database.url,
    AUTH_SECRET: 'integration-test-secret-of-at-least-32-chars',
    COLLECTOR_RATE_LIMIT_MAX: '0',
    COLLECTOR_DB_RETRY_MS: String(RETRY_MS),
    COLLECTOR_DB_TIMEOUT_MS: '2000',
  });
  app = await buildCollectorApp(config, { logger: false });
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

const send = (payload = makePayload()) =>
  app.inject({
    method: 'POST',
    url: '/events',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    payload: JSON.stringify(payload),
  });

async function storedIds(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ event_id: string }>('SELECT event_id FROM events');
    return result.rows.map((row) => row.event_id);
  } finally {
    await client.end();
  }
}

it('answers 503 while the database is down and 204 again once it is back, without a restart', async () => {
  const before = makePayload();
  expect((await send(before)).statusCode).toBe(204);

  await database.stop();
  const during = makePayload();
  const down = await send(during);
  expect(down.statusCode).toBe(503);
  expect(down.headers['retry-after']).toBe('1');
  expect(down.json()).toMatchObject({ error: { code: 'database_unavailable' } });
  // Within the retry pause the collector does not even try: still 503.
  expect((await send(makePayload())).statusCode).toBe(503);
  expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toMatchObject({
    status: 'ok',
    database: 'down',
  });

  await database.start();
  await new Promise((resolve) => setTimeout(resolve, RETRY_MS + 50));
  // The tracker retries the refused event with the same id: stored once, alongside the first.
  expect((await send(during)).statusCode).toBe(204);
  expect((await send(during)).statusCode).toBe(204);
  expect((await storedIds(database.url)).sort()).toEqual([before.event_id, during.event_id].sort());
  expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toMatchObject({
    database: 'up',
  });
});
