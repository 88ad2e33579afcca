import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '@coursepack/db/client';
import { migrateToLatest } from '@coursepack/db/migrate';
import { type PostgresServer, startPostgresServer } from '@coursepack/db/postgres-server';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildCollectorApp } from './app';
import { parseCollectorConfig } from './config';
import { makePayload } from './testing/make-payload';

// A PostgreSQL of this suite's own, so it can be stopped and restarted under the collector.
let server: PostgresServer;
let dataDir: string;
let app: FastifyInstance;
const RETRY_MS = 200;

beforeAll(async () => {
  const base = await mkdtemp(path.join(os.tmpdir(), 'coursepack-collector-outage-'));
  await chmod(base, 0o755);
  dataDir = path.join(base, 'cluster');
  server = await startPostgresServer({ dataDir, unsafeFast: true });
  const db = createDb(server.url, { max: 1 });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  const config = parseCollectorConfig({
    DATABASE_URL: server.url,
    COLLECTOR_RATE_LIMIT_MAX: '0',
    COLLECTOR_DB_RETRY_MS: String(RETRY_MS),
    COLLECTOR_DB_TIMEOUT_MS: '2000',
  });
  app = await buildCollectorApp(config, { logger: false });
});

afterAll(async () => {
  await app?.close();
  await server?.stop();
  if (server) {
    // The cluster may live elsewhere when its user cannot reach the temp folder.
    await rm(server.dataDir, { recursive: true, force: true });
    await rm(`${server.dataDir}.password`, { force: true });
    await rm(path.dirname(dataDir), { recursive: true, force: true });
  }
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

  await server.stop();
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

  server = await startPostgresServer({ dataDir, port: server.port, unsafeFast: true });
  await new Promise((resolve) => setTimeout(resolve, RETRY_MS + 50));
  // The tracker retries the refused event with the same id: stored once, alongside the first.
  expect((await send(during)).statusCode).toBe(204);
  expect((await send(during)).statusCode).toBe(204);
  expect((await storedIds(server.url)).sort()).toEqual([before.event_id, during.event_id].sort());
  expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toMatchObject({
    database: 'up',
  });
});
