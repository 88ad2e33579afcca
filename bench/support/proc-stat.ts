/** Reading a process from /proc (Linux), for the benchmarks that watch the product's processes. */
import { readFile } from 'node:fs/promises';

/** CPU time is counted in clock ticks (USER_HZ), 100 a second on Linux. */
export const TICKS_PER_SECOND = 100;

export interface ProcStat {
  parent: number;
  /** Its process group: a part of the product started by `npm start` is a group of its own. */
  group: number;
  /** CPU used so far, user and system, in ticks. */
  ticks: number;
  /** CPU of its children that exited and were waited for, in ticks. */
  reapedTicks: number;
}

/** `/proc/<pid>/stat`, or null once the process is gone. */
export async function readProcStat(pid: number | string): Promise<ProcStat | null> {
  const text = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (!text) return null;
  // The command (field 2) may hold spaces and parentheses: the fields after the last ')' are
  // plain numbers, from field 3 on.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const field = (n: number) => Number(fields[n - 3]);
  return {
    parent: field(4),
    group: field(5),
    ticks: field(14) + field(15),
    reapedTicks: field(16) + field(17),
  };
}
