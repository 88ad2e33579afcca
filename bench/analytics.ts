/**
 * `npm run bench -- analytics`: the dashboard's query times over rollups at 1M and 10M events,
 * against the same queries computed from raw events (the baseline), plus the rollup refresh
 * throughput and the incremental refresh after a small batch.
 *
 * A scratch PostgreSQL (fsync off: loading speed only; queries do not write) gets a catalogue of
 * 10 courses × 5 documents and generated activity (scripts/seed/generate-demo-activity.ts, the
 * demo seed's generator) over 42 days ending now, streamed in with COPY. Queries cover the last
 * 30 days, for the busiest course, the busiest document and the whole site, each repeated
 * (ANALYTICS_BENCH_REPEATS, default 15; the raw baseline ANALYTICS_BENCH_RAW_REPEATS, default 3
 * at 1M and 1 at 10M; ANALYTICS_BENCH_RAW=0 skips it). Env: ANALYTICS_BENCH_SIZES (default
 * "1000000,10000000").
 *
 * To iterate on one size: ANALYTICS_BENCH_DIR=/some/dir keeps the cluster there instead of a
 * temporary folder; a later run with the same folder reuses its events (a size already loaded is
 * not generated again) and ANALYTICS_BENCH_REBUILD=0 then also keeps its rollups (pending
 * migrations still run). Connect with psql to the URL it prints to EXPLAIN queries.
 */
import {
  rebuildAnalyticsRollups,
  refreshAnalyticsRollups,
} from '@coursepack/analytics/rollups/refresh-analytics-rollups';
import { fromRawEvents } from '@coursepack/analytics/testing/from-raw-events';
import { generateDemoActivity } from '../scripts/seed/generate-demo-activity';
import { createCatalogue, loadCatalogue } from './analytics/bench-catalogue';
import { benchRange } from './analytics/bench-range';
import { copyDemoActivity, copyDemoEvents, DEMO_ACTIVITY_DAYS } from './analytics/copy-demo-events';
import { DASHBOARD_QUERIES } from './analytics/dashboard-queries';
import { pickReaders, presencePings } from './analytics/long-read-pings';
import { percentile, time } from './analytics/measure';
import { openBenchDatabase } from './analytics/open-bench-database';
import { pickScopes } from './analytics/pick-scopes';
import { ROLLUP_TABLES } from './analytics/rollup-tables';

const SIZES = (process.env.ANALYTICS_BENCH_SIZES ?? '1000000,10000000').split(',').map(Number);
const REPEATS = Number(process.env.ANALYTICS_BENCH_REPEATS ?? 15);
const GOAL_MS = 200;

const now = new Date();
const range = benchRange(now);

const keepDir = process.env.ANALYTICS_BENCH_DIR;
const rebuildRollups = process.env.ANALYTICS_BENCH_REBUILD !== '0';
const { db, client, server, base, close } = await openBenchDatabase({
  prefix: 'coursepack-bench-analytics-',
  keepDir,
});
try {
  const courses = (await loadCatalogue(db)) ?? (await createCatalogue(db));
  if (keepDir) console.log(`keeping the cluster in ${base}: ${server.url}`);
  console.log(
    `PostgreSQL ${(await client.query('SHOW server_version')).rows[0].server_version}, shared_buffers ${(await client.query('SHOW shared_buffers')).rows[0].shared_buffers}, work_mem ${(await client.query('SHOW work_mem')).rows[0].work_mem}; ${DEMO_ACTIVITY_DAYS} days of activity, queries over the last 30 days; ${REPEATS} repeats`,
  );

  let loaded = Number((await client.query('SELECT count(*) AS n FROM events')).rows[0].n);
  for (const [index, size] of SIZES.entries()) {
    console.log(`\n## about ${size.toLocaleString('en')} events`);
    // A kept cluster that already holds this size (give or take the last run's small batches).
    const reuse = loaded >= size * 0.9;
    const adding = reuse ? 0 : size - loaded;
    const started = performance.now();
    const added = reuse
      ? 0
      : await copyDemoActivity(client, { courses, now, events: adding, seed: index + 1 });
    loaded += added;
    const loadSeconds = (performance.now() - started) / 1000;
    if (reuse) {
      console.log(`reusing ${loaded.toLocaleString('en')} events`);
    } else {
      await client.query('VACUUM ANALYZE events');
      console.log(
        `generated and COPied ${added.toLocaleString('en')} events in ${loadSeconds.toFixed(1)} s (${Math.round(added / loadSeconds).toLocaleString('en')} events/s); total ${loaded.toLocaleString('en')}`,
      );
    }

    if (!reuse || rebuildRollups) {
      const rebuild = await rebuildAnalyticsRollups(db);
      console.log(
        `full rollup refresh: ${rebuild.newEvents.toLocaleString('en')} events in ${(rebuild.milliseconds / 1000).toFixed(1)} s = ${Math.round(rebuild.newEvents / (rebuild.milliseconds / 1000)).toLocaleString('en')} events/s`,
      );
    } else {
      await refreshAnalyticsRollups(db);
    }
    // As autovacuum would after a refresh: statistics, and the visibility map for index-only scans.
    await client.query(`VACUUM ANALYZE ${ROLLUP_TABLES.join(', ')}`);
    const rows = await client.query(
      `SELECT (SELECT count(*) FROM analytics_session_hours) AS sessions, (SELECT count(*) FROM analytics_page_hours) AS pages, (SELECT count(*) FROM analytics_action_hours) AS actions`,
    );
    console.log(
      `rollup rows: ${Number(rows.rows[0].sessions).toLocaleString('en')} session-hours, ${Number(rows.rows[0].pages).toLocaleString('en')} page-hours, ${Number(rows.rows[0].actions).toLocaleString('en')} action-hours`,
    );

    const scopes = await pickScopes(db);
    const rawRepeats = Number(
      process.env.ANALYTICS_BENCH_RAW_REPEATS ?? (loaded > 2_000_000 ? 1 : 3),
    );
    console.log(
      `\n${'query'.padEnd(24)}${'scope'.padEnd(10)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'raw p50 ms'.padStart(12)}${'raw/rollup'.padStart(12)}`,
    );
    let worst = 0;
    for (const [label, scope] of scopes) {
      for (const query of DASHBOARD_QUERIES) {
        if (query.kinds && !query.kinds.includes(scope.kind)) continue;
        const times = await time(REPEATS, () => query.run(db, scope, range, {}));
        const p50 = percentile(times, 0.5);
        const p95 = percentile(times, 0.95);
        if (!query.rawOnly) worst = Math.max(worst, p95);
        let raw = '–';
        let ratio = '–';
        // At 10M a site-wide query from raw events takes minutes: the overview alone shows it.
        const skipRaw =
          process.env.ANALYTICS_BENCH_RAW === '0' ||
          (loaded > 2_000_000 && scope.kind === 'site' && query.name !== 'overview');
        if (!query.rawOnly && !skipRaw) {
          const rawTimes = await time(rawRepeats, () =>
            query.run(db, scope, range, { source: fromRawEvents }),
          );
          const rawP50 = percentile(rawTimes, 0.5);
          raw = rawP50.toFixed(0);
          ratio = `${(rawP50 / p50).toFixed(0)}×`;
        }
        console.log(
          `${query.name.padEnd(24)}${label.padEnd(10)}${p50.toFixed(1).padStart(9)}${p95.toFixed(1).padStart(9)}${raw.padStart(12)}${ratio.padStart(12)}`,
        );
      }
    }
    console.log(
      `slowest rollup query p95: ${worst.toFixed(1)} ms (goal < ${GOAL_MS} ms) ${worst < GOAL_MS ? 'OK' : 'OVER'}`,
    );

    // A small batch as the collector would store it: new events now, and some late ones.
    const noop = await refreshAnalyticsRollups(db);
    const batchStart = new Date();
    const batch = await copyDemoEvents(
      client,
      generateDemoActivity({
        courses,
        from: new Date(batchStart.getTime() - 30 * 60_000),
        to: batchStart,
        visitsPerDay: 2000,
        // A kept cluster may hold this seed's batch from an earlier run already.
        seed: 100 + index + (keepDir ? Date.now() % 1_000_000 : 0),
      }),
      2000,
    );
    const incremental = await refreshAnalyticsRollups(db);
    console.log(
      `refresh with nothing new: ${noop.milliseconds.toFixed(1)} ms; after a batch of ${batch} new events: ${incremental.milliseconds.toFixed(0)} ms (${incremental.sessionDays} session-days recomputed, ${incremental.eventsRead} events read)`,
    );
    await compareReadLengths(courses);
  }
} finally {
  await close();
}

/**
 * What a refresh costs against how long its readers have been reading: LONG_READERS readers
 * 20 minutes into a read and as many who just began each send their next ping, in turns; the
 * refresh after each turn is timed. The baseline is the just-began turn, in the same run: a
 * refresh whose cost follows the new events gives a ratio near 1.
 */
async function compareReadLengths(courses: Parameters<typeof pickReaders>[0]) {
  const LONG_READERS = 2000;
  const TURNS = 5;
  const start = Date.now();
  const long = pickReaders(courses, LONG_READERS);
  const fresh = pickReaders(courses, LONG_READERS);
  // Their reads so far, taken in before timing.
  const copied = await copyDemoEvents(
    client,
    presencePings(long, new Date(start - 20 * 60_000), new Date(start)),
    Number.POSITIVE_INFINITY,
  );
  await copyDemoEvents(
    client,
    presencePings(fresh, new Date(start - 5000), new Date(start)),
    Infinity,
  );
  await refreshAnalyticsRollups(db);
  const times = { long: [] as number[], fresh: [] as number[] };
  const read = { long: 0, fresh: 0 };
  for (let turn = 0; turn < TURNS; turn++) {
    const at = new Date(start + turn * 5000);
    const next = new Date(at.getTime() + 5000);
    for (const [name, readers] of [
      ['fresh', fresh],
      ['long', long],
    ] as const) {
      await copyDemoEvents(client, presencePings(readers, at, next), Infinity);
      const refresh = await refreshAnalyticsRollups(db);
      times[name].push(refresh.milliseconds);
      read[name] = refresh.eventsRead;
    }
  }
  const longP50 = percentile(times.long, 0.5);
  const freshP50 = percentile(times.fresh, 0.5);
  console.log(
    `refresh after one ping each of ${LONG_READERS} readers 20 min into a read (${copied.toLocaleString('en')} events so far): ${longP50.toFixed(0)} ms median, ${read.long} events read; of readers who just began: ${freshP50.toFixed(0)} ms, ${read.fresh} read; ratio ${(longP50 / freshP50).toFixed(2)}× (${TURNS} turns)`,
  );
}
