/**
 * `npm run bench -- collector-crash` (or `npx tsx bench/collector-crash.ts`): kill -9 the
 * collector under load, restart it, and check that every event that was answered 204 is in
 * the table. The collector runs as `npm start` runs it (apps/collector/src/server.ts, its own
 * process) against a scratch PostgreSQL with durable settings. Prints acknowledged vs stored;
 * exits 1 if any acknowledged event is missing.
 * Env: COLLECTOR_CRASH_LOAD_MS (3000) before the kill, COLLECTOR_CRASH_CONNECTIONS (50).
 */
import type { ChildProcess } from 'node:child_process';
import { findFreePort } from '@coursepack/db/find-free-port';
import pg from 'pg';
import {
  createBodyFactory,
  spawnTs,
  startScratchDatabase,
  waitForHealth,
} from './collector/bench-support';

const LOAD_MS = Number(process.env.COLLECTOR_CRASH_LOAD_MS ?? 3000);
const CONNECTIONS = Number(process.env.COLLECTOR_CRASH_CONNECTIONS ?? 50);

const database = await startScratchDatabase();
const port = await findFreePort();
const env = {
  DATABASE_URL: database.url,
  COLLECTOR_PORT: String(port),
  COLLECTOR_HOST: '127.0.0.1',
  COLLECTOR_RATE_LIMIT_MAX: '0',
  COLLECTOR_LOG_LEVEL: 'warn',
};
const start = async (): Promise<ChildProcess> => {
  const { child, ready } = spawnTs('apps/collector/src/server.ts', [], env);
  // Its start-up line is below the warn level: health tells us instead.
  ready.catch(() => {});
  await waitForHealth(port);
  return child;
};

const acknowledged: string[] = [];
let refused = 0;
let failed = 0;
let running = true;
const url = `http://127.0.0.1:${port}/events`;

/** One client: sends events one by one and remembers the ids answered 204. */
async function client(): Promise<void> {
  const nextBody = createBodyFactory(1);
  while (running) {
    const body = nextBody();
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        body,
      });
      await response.arrayBuffer();
      if (response.status === 204)
        acknowledged.push((JSON.parse(body) as { event_id: string }).event_id);
      else refused += 1;
    } catch {
      // The collector died mid-request: not acknowledged, so the tracker would resend it.
      failed += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

let collector = await start();
console.log(
  `collector up (pid ${collector.pid}); ${CONNECTIONS} clients sending for ${LOAD_MS} ms, then kill -9`,
);
const clients = Array.from({ length: CONNECTIONS }, () => client());
await new Promise((resolve) => setTimeout(resolve, LOAD_MS));
const exited = new Promise((resolve) => collector.once('exit', resolve));
collector.kill('SIGKILL');
await exited;
const acknowledgedAtKill = acknowledged.length;
console.log(`killed with SIGKILL after ${acknowledgedAtKill} acknowledged events`);

// The clients keep trying while it is down (connection refused), then land on the new process.
collector = await start();
console.log(`restarted (pid ${collector.pid}); sending for another second`);
await new Promise((resolve) => setTimeout(resolve, 1000));
running = false;
await Promise.all(clients);

const db = new pg.Client({ connectionString: database.url });
await db.connect();
let lost = 0;
try {
  const stored = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM events WHERE event_id = ANY($1::uuid[])',
    [acknowledged],
  );
  const total = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM events');
  const storedAcknowledged = stored.rows[0]?.n ?? 0;
  lost = acknowledged.length - storedAcknowledged;
  console.log('');
  console.log(`acknowledged (204):                 ${acknowledged.length}`);
  console.log(`  of which stored:                  ${storedAcknowledged}`);
  console.log(`  lost:                             ${lost}`);
  console.log(
    `rows in events:                     ${total.rows[0]?.n ?? 0}  (committed but unanswered when killed count here too)`,
  );
  console.log(`requests failed by the kill/downtime: ${failed}; refused (non-204): ${refused}`);
} finally {
  await db.end();
  collector.kill('SIGTERM');
  await new Promise((resolve) => collector.once('exit', resolve));
  await database.stop();
}
console.log(lost === 0 ? '0 acknowledged events lost' : `LOST ${lost} acknowledged events`);
process.exit(lost === 0 ? 0 : 1);
