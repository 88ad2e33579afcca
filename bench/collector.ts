/**
 * `npm run bench -- collector` (or `npx tsx bench/collector.ts`): sustained ingest against
 *   (a) the collector as it ships (group commit), one event per request and, separately,
 *       batches of COLLECTOR_BENCH_BATCH events per request;
 *   (b) a naive baseline: the same server and table, one INSERT and one commit per request;
 *   (c) a bare node:http server answering 204 (the machine's ceiling for this load);
 *   and, as a diagnostic, the collector with a writer that acknowledges at once (its HTTP,
 *   parsing and validation cost alone), which shows what waiting for commits costs.
 * Each runs in its own process against a scratch PostgreSQL with durable settings (fsync and
 * synchronous_commit on), driven by autocannon from this process. After each run the table is
 * counted: every acknowledged event must be there. Prints requests/s, events/s, latency
 * percentiles, non-2xx, rows, and the ratios.
 * Env: COLLECTOR_BENCH_SECONDS (20), COLLECTOR_BENCH_CONNECTIONS (50), COLLECTOR_BENCH_BATCH (20).
 */

import { findFreePort } from '@coursepack/db/find-free-port';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  createBodyFactory,
  spawnTs,
  startScratchDatabase,
  stopChild,
} from './collector/bench-support';

const SECONDS = Number(process.env.COLLECTOR_BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.COLLECTOR_BENCH_CONNECTIONS ?? 50);
const BATCH = Number(process.env.COLLECTOR_BENCH_BATCH ?? 20);
const WARM_UP_SECONDS = 3;
const USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

interface Scenario {
  label: string;
  mode: 'group' | 'naive' | 'nodb' | 'bare';
  eventsPerRequest: number;
}

interface Outcome extends Scenario {
  requestsPerSecond: number;
  eventsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  acknowledgedEvents: number;
  rows: number | null;
}

const scenarios: Scenario[] = [
  { label: 'bare node:http 204 (ceiling)', mode: 'bare', eventsPerRequest: 1 },
  { label: 'naive: INSERT + commit per request', mode: 'naive', eventsPerRequest: 1 },
  { label: 'collector: group commit', mode: 'group', eventsPerRequest: 1 },
  { label: 'collector without database (diagnostic)', mode: 'nodb', eventsPerRequest: 1 },
  { label: `naive, ${BATCH} events per request`, mode: 'naive', eventsPerRequest: BATCH },
  { label: `collector, ${BATCH} events per request`, mode: 'group', eventsPerRequest: BATCH },
];

async function load(port: number, seconds: number, eventsPerRequest: number) {
  const nextBody = createBodyFactory(eventsPerRequest);
  return autocannon({
    url: `http://127.0.0.1:${port}/events`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: seconds,
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': USER_AGENT },
    requests: [{ setupRequest: (request) => ({ ...request, body: nextBody() }) }],
  });
}

async function run(scenario: Scenario, databaseUrl: string, client: pg.Client): Promise<Outcome> {
  const port = await findFreePort();
  const { child, ready } = spawnTs('bench/collector/serve.ts', [scenario.mode, String(port)], {
    DATABASE_URL: databaseUrl,
  });
  try {
    await ready;
    await load(port, WARM_UP_SECONDS, scenario.eventsPerRequest);
    await client.query('TRUNCATE events');
    const result = await load(port, SECONDS, scenario.eventsPerRequest);
    // Requests still in flight when autocannon stops may commit after it: let them land.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const rows =
      scenario.mode === 'bare' || scenario.mode === 'nodb'
        ? null
        : Number((await client.query('SELECT count(*) AS n FROM events')).rows[0].n);
    const ok = result['2xx'];
    return {
      ...scenario,
      requestsPerSecond: ok / result.duration,
      eventsPerSecond: (ok * scenario.eventsPerRequest) / result.duration,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      acknowledgedEvents: ok * scenario.eventsPerRequest,
      rows,
    };
  } finally {
    await stopChild(child);
  }
}

const server = await startScratchDatabase();
const client = new pg.Client({ connectionString: server.url });
await client.connect();
const outcomes: Outcome[] = [];
try {
  console.log(
    `${CONNECTIONS} connections × ${SECONDS} s per run (after ${WARM_UP_SECONDS} s warm-up); PostgreSQL durable (fsync on, synchronous_commit on)\n`,
  );
  for (const scenario of scenarios) {
    const outcome = await run(scenario, server.url, client);
    outcomes.push(outcome);
    print(outcome, outcomes.length === 1);
  }
} finally {
  await client.end();
  await server.stop();
}

const find = (mode: Scenario['mode'], events: number) =>
  outcomes.find((o) => o.mode === mode && o.eventsPerRequest === events) as Outcome;
const bare = find('bare', 1);
const naive = find('naive', 1);
const group = find('group', 1);
const naiveBatched = find('naive', BATCH);
const groupBatched = find('group', BATCH);
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
const lost = outcomes.filter((o) => o.rows !== null && o.rows < o.acknowledgedEvents);
console.log('');
console.log(
  `collector / naive (events/s, 1 per request):        ${ratio(group.eventsPerSecond, naive.eventsPerSecond)}  (goal ≥ 2×)`,
);
console.log(
  `collector / bare ceiling (requests/s):              ${((group.requestsPerSecond / bare.requestsPerSecond) * 100).toFixed(0)} %  (goal ≥ 40 %)`,
);
console.log(
  `collector / naive (events/s, ${BATCH} per request):       ${ratio(groupBatched.eventsPerSecond, naiveBatched.eventsPerSecond)}`,
);
console.log(
  `collector batched / collector single (events/s):    ${ratio(groupBatched.eventsPerSecond, group.eventsPerSecond)}`,
);
console.log(
  lost.length === 0
    ? 'every acknowledged event is in the table (rows ≥ acknowledged in every run)'
    : `LOST acknowledged events in: ${lost.map((o) => o.label).join(', ')}`,
);
process.exit(lost.length === 0 ? 0 : 1);

function print(o: Outcome, header: boolean): void {
  const pad = (value: string | number, width: number) => String(value).padStart(width);
  if (header) {
    console.log(
      `${'run'.padEnd(40)}${pad('req/s', 9)}${pad('events/s', 10)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('non-2xx', 9)}${pad('errors', 8)}${pad('acked', 10)}${pad('rows', 10)}`,
    );
  }
  console.log(
    `${o.label.padEnd(40)}${pad(Math.round(o.requestsPerSecond), 9)}${pad(Math.round(o.eventsPerSecond), 10)}${pad(o.p50, 8)}${pad(o.p99, 8)}${pad(o.non2xx, 9)}${pad(o.errors, 8)}${pad(o.acknowledgedEvents, 10)}${pad(o.rows ?? '–', 10)}`,
  );
}
