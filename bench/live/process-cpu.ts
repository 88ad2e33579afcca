/**
 * Where the CPU goes during bench/live.ts's load phase: per process of ours (sender, collector,
 * refresher, this process) and per PostgreSQL backend, grouped by its `application_name` (or its
 * backend type for PostgreSQL's own processes), read from /proc (Linux only). On a machine of
 * two cores every core-second one of them takes is one the timed queries may wait for.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { readProcStat, TICKS_PER_SECOND } from '../support/proc-stat';

export interface CpuSnapshot {
  at: number;
  ticks: Map<string, number>;
}

/**
 * Ticks used so far by each named process and by each PostgreSQL group. The postmaster's own
 * and its reaped children's ticks are counted under "postgres: exited backends, postmaster".
 */
export async function takeCpuSnapshot(
  processes: Record<string, number | undefined>,
  postgres: { dataDir: string; client: pg.Client },
): Promise<CpuSnapshot> {
  const ticks = new Map<string, number>();
  const add = (group: string, value: number) => ticks.set(group, (ticks.get(group) ?? 0) + value);
  for (const [name, pid] of Object.entries(processes)) {
    const stat = pid ? await readProcStat(pid) : null;
    if (stat) add(name, stat.ticks);
  }
  const postmaster = Number(
    (await readFile(path.join(postgres.dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0],
  );
  const { rows } = await postgres.client.query<{
    pid: number;
    application_name: string;
    backend_type: string;
  }>('SELECT pid, application_name, backend_type FROM pg_stat_activity');
  const groupOf = new Map(
    rows.map((row) => [
      row.pid,
      row.backend_type === 'client backend'
        ? `postgres: ${row.application_name || 'unnamed client (the timed queries)'}`
        : `postgres: ${row.backend_type}`,
    ]),
  );
  const master = await readProcStat(postmaster);
  // Backends that exited (parallel workers, autovacuum workers) are counted by the postmaster.
  if (master) add('postgres: exited backends, postmaster', master.ticks + master.reapedTicks);
  for (const entry of await readdir('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const stat = await readProcStat(pid);
    if (stat?.parent !== postmaster) continue;
    add(groupOf.get(pid) ?? 'postgres: other', stat.ticks);
  }
  return { at: performance.now(), ticks };
}

/** Each group's share of a core between two snapshots, busiest first. */
export function cpuBetween(
  before: CpuSnapshot,
  after: CpuSnapshot,
): { group: string; cores: number }[] {
  const seconds = (after.at - before.at) / 1000;
  return [...after.ticks]
    .map(([group, ticks]) => ({
      group,
      cores: (ticks - (before.ticks.get(group) ?? 0)) / TICKS_PER_SECOND / seconds,
    }))
    .sort((a, b) => b.cores - a.cores);
}
