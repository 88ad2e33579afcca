import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  canScheduleIdle,
  canTieChildToParent,
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

  it.runIf(canTieChildToParent())(
    'ends the child with its parent even while the child is stopped',
    async () => {
      // A parent that forks an idle child, says its pid, and waits to be killed.
      const parentScript = path.join(folder, 'parent.ts');
      await writeFile(
        parentScript,
        `import { forkAtIdlePriority } from ${JSON.stringify(path.resolve(import.meta.dirname, 'fork-at-idle-priority.ts'))};
const child = forkAtIdlePriority(${JSON.stringify(path.join(folder, 'idle-child.mjs'))}, { cwd: ${JSON.stringify(folder)}, execArgv: [] });
child.once('spawn', () => console.log(child.pid));
setInterval(() => {}, 1000);
`,
      );
      await writeFile(path.join(folder, 'idle-child.mjs'), 'setInterval(() => {}, 1000);');
      const tsx = path.resolve(import.meta.dirname, '../../../../node_modules/.bin/tsx');
      const parent = spawn(tsx, [parentScript], { stdio: ['ignore', 'pipe', 'inherit'] });
      const childPid = Number(
        await new Promise<string>((resolve) =>
          parent.stdout.once('data', (data) => resolve(String(data))),
        ),
      );
      // The child's /proc/<pid>/stat after its command's ")": state, parent pid, …; none once gone.
      const childStat = async () => {
        const stat = await readFile(`/proc/${childPid}/stat`, 'utf8').catch(() => undefined);
        return stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
      };
      const state = async () => (await childStat())?.[0];
      try {
        process.kill(childPid, 'SIGSTOP');
        await expect.poll(state).toBe('T');

        // tsx runs the script in a process of its own: kill the one whose child the reader is.
        process.kill(Number((await childStat())?.[1]), 'SIGKILL');
        // Gone, or a zombie waiting for init to reap it: either way it holds no memory.
        await expect
          .poll(state, { timeout: 10_000 })
          .toSatisfy((s) => s === undefined || s === 'Z');
      } finally {
        parent.kill('SIGKILL');
        try {
          process.kill(childPid, 'SIGKILL');
        } catch {
          // Gone, as it should be.
        }
      }
    },
  );
});
