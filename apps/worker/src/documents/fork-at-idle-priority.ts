import { type ChildProcess, fork, spawn, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';

export interface IdleForkOptions {
  cwd: string;
  /** Node's own flags for the child, such as a heap limit. */
  execArgv: string[];
}

/** Linux's scheduling policy number for SCHED_IDLE (sched.h), as /proc/<pid>/stat shows it. */
export const SCHED_IDLE_POLICY = 5;
/** The lowest priority a nice value gives, where SCHED_IDLE is not to be had. */
export const FALLBACK_NICENESS = 19;

let idleSchedulingWorks: boolean | undefined;
let parentDeathSignalWorks: boolean | undefined;

/**
 * Whether `chrt --idle` can start a process under SCHED_IDLE here: Linux with util-linux's chrt
 * (Debian and Ubuntu have it in every image). Asked once per process.
 */
export function canScheduleIdle(): boolean {
  idleSchedulingWorks ??=
    process.platform === 'linux' &&
    spawnSync('chrt', ['--idle', '0', 'true'], { stdio: 'ignore' }).status === 0;
  return idleSchedulingWorks;
}

/**
 * Whether util-linux's `setpriv --pdeathsig` can have a child killed when its parent dies, so
 * a child stopped by SIGSTOP (reader-cpu-gate.ts) cannot outlive a crashed parent: a stopped
 * process never sees its IPC channel close. Asked once per process.
 */
export function canTieChildToParent(): boolean {
  parentDeathSignalWorks ??=
    canScheduleIdle() &&
    spawnSync('setpriv', ['--pdeathsig', 'KILL', 'true'], { stdio: 'ignore' }).status === 0;
  return parentDeathSignalWorks;
}

/**
 * fork() for work that should only have the CPU time the other processes leave, such as OCR
 * beside a web server. Under SCHED_IDLE (started through `chrt --idle 0`, so every thread it
 * ever makes inherits it) a core running it counts as free: a waking request is put there and
 * takes it at once. A nice value of 19 does not do that: measured on a 2-core machine, a page's
 * p99 rose as much beside a busy nice-19 process as beside an equal one (1.3× idle), and 1.15×
 * beside a SCHED_IDLE one. Where chrt is missing, every thread is niced to 19 instead.
 * The child speaks IPC with structured clone (`serialization: 'advanced'`), as with fork().
 * Where `canTieChildToParent()`, it is killed when its parent dies.
 */
export function forkAtIdlePriority(script: string, options: IdleForkOptions): ChildProcess {
  const stdio: ['ignore', 'inherit', 'inherit', 'ipc'] = ['ignore', 'inherit', 'inherit', 'ipc'];
  if (canScheduleIdle()) {
    // setpriv and chrt exec in place: the pid is the child's own, as with fork().
    const command = ['chrt', '--idle', '0', process.execPath, ...options.execArgv, script];
    if (canTieChildToParent()) command.unshift('setpriv', '--pdeathsig', 'KILL');
    const [file = 'chrt', ...args] = command;
    return spawn(file, args, {
      cwd: options.cwd,
      serialization: 'advanced',
      stdio,
    });
  }
  const child = fork(script, [], {
    cwd: options.cwd,
    execArgv: options.execArgv,
    serialization: 'advanced',
    stdio,
  });
  child.once('spawn', () => {
    if (child.pid !== undefined) reniceEveryThread(child.pid);
  });
  return child;
}

/**
 * On Linux a nice value belongs to a thread, and Node starts its V8 and libuv threads before a
 * process can renice itself, so each thread in /proc/<pid>/task is lowered (threads made later,
 * such as OCR's, inherit from their maker).
 */
function reniceEveryThread(pid: number): void {
  let threads: number[] = [pid];
  try {
    threads = readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    // No /proc (not Linux): the process's own priority is all there is to set.
  }
  for (const thread of threads) {
    try {
      setPriority(thread, FALLBACK_NICENESS);
    } catch {
      // Not permitted on some systems, or the thread has ended; it then competes as an equal.
    }
  }
}
