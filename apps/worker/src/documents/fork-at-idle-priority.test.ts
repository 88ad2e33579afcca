import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  canScheduleIdle,
  FALLBACK_NICENESS,
  forkAtIdlePriority,
  SCHED_IDLE_POLICY,
} from './fork-at-idle-priority';

// The child answers the bytes it is sent, with the policy and nice value of each of its threads
// (fields 41 and 19 of /proc/self/task/<tid>/stat), read after it has made a worker thread.
const CHILD = `
import { readdirSync, readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
process.once('message', async (bytes) => {
  const worker = new Worker('setInterval(() => {}, 1000)', { eval: true });
  await new Promise((resolve) => worker.once('online', resolve));
  const threads = readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync('/proc/self/task/' + tid + '/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { policy: Number(fields[41 - 3]), nice: Number(fields[19 - 3]) };
  });
  process.send({ bytes, threads, heapFlag: process.execArgv.join(' ') }, () => process.exit(0));
});
`;

describe.runIf(process.platform === 'linux')('forkAtIdlePriority', () => {
  let folder: string;
  let script: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'coursepack-idle-fork-'));
    script = path.join(folder, 'child.mjs');
    await writeFile(script, CHILD);
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('runs every thread of the child, later ones too, at the lowest priority, speaking structured clone', async () => {
    const child = forkAtIdlePriority(script, {
      cwd: folder,
      execArgv: ['--max-old-space-size=64'],
    });
    child.once('spawn', () => child.send(new Uint8Array([1, 2, 250])));
    const answer = await new Promise<{
      bytes: Uint8Array;
      threads: { policy: number; nice: number }[];
      heapFlag: string;
    }>((resolve, reject) => {
      child.once('message', resolve);
      child.once('error', reject);
    });

    expect(answer.bytes).toBeInstanceOf(Uint8Array);
    expect([...answer.bytes]).toEqual([1, 2, 250]);
    expect(answer.heapFlag).toBe('--max-old-space-size=64');
    // Node's own threads, V8's, and the worker thread made after the start.
    expect(answer.threads.length).toBeGreaterThan(3);
    for (const thread of answer.threads) {
      if (canScheduleIdle()) expect(thread.policy).toBe(SCHED_IDLE_POLICY);
      else expect(thread.nice).toBe(FALLBACK_NICENESS);
    }
  });
});
