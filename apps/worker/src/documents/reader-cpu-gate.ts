import { readFileSync } from 'node:fs';

/**
 * Stops reading processes (SIGSTOP) while the rest of the machine is busy, and lets them run one
 * short slice in every few (SIGCONT), so a reader beside the web app barely touches its pages'
 * latency. SCHED_IDLE alone (fork-at-idle-priority.ts) gives a reader only the cores the others
 * leave, yet on a 2-core machine serving pages back to back a reader running beside the web app
 * still made their p99 1.3–1.45× idle; stopped, 1.0–1.05×; run a quarter of the time in 20 ms
 * slices, 1.0× (docs/worker.md). A quiet machine lets readers run at full speed.
 *
 * "The others" are measured from Linux's /proc: the machine's busy CPU time less the readers'
 * own, every slice, smoothed over about 100 ms. Elsewhere, or where /proc is unreadable, readers
 * are never stopped.
 */

/** One slice: two ticks of /proc's clock (USER_HZ, 100 on every Linux ABI we run on). */
export const SLICE_MS = 20;
const TICKS_PER_SECOND = 100;
/** The other processes are busy when they use this many cores, smoothed. */
export const BUSY_CORES = 0.5;
/** Weight of the newest slice in the smoothed use: about the last five slices count. */
const SMOOTHING = 0.2;

/** Busy CPU time so far, in ticks: the machine's, and one process's (all its threads). */
export interface CpuClock {
  machineTicks(): number | undefined;
  processTicks(pid: number): number | undefined;
}

/** A reader the gate governs; its deadlines leave out the time it spent stopped. */
export interface GovernedReader {
  /** Milliseconds the process has spent stopped by the gate so far. */
  stoppedMs(): number;
  /** Stops governing the process (it is ending), continuing it if it is stopped. */
  release(): void;
}

interface Reader {
  share: number;
  /** Slices owed to the reader while the machine is busy: it runs the slice that reaches 1. */
  credit: number;
  lastTicks: number | undefined;
  /** Past this moment the reader is not stopped any more (see `watch`). */
  fullSpeedAt: number;
  stoppedMs: number;
  stoppedAt: number | undefined;
}

/**
 * Decides, slice by slice, which readers run: all of them while the others' smoothed use stays
 * under BUSY_CORES, else each one slice in every 1 ÷ share.
 */
export class ReaderCpuGate {
  private readonly readers = new Map<number, Reader>();
  private timer: NodeJS.Timeout | undefined;
  private lastMachineTicks: number | undefined;
  private lastSampleAt = 0;
  private othersCores = 0;

  constructor(
    private readonly clock: CpuClock = PROC_CPU_CLOCK,
    private readonly signal: (pid: number, signal: 'SIGSTOP' | 'SIGCONT') => void = (pid, name) =>
      process.kill(pid, name),
    private readonly now: () => number = performance.now.bind(performance),
  ) {}

  /**
   * Governs a reading process that dies with its parent (a stopped one could otherwise outlive
   * a crashed worker). `share` is the part of the time it runs while the machine is busy (1: never
   * stopped); after `fullSpeedAfterMs` it is not stopped any more, so the gate never makes a
   * reading miss its wall-clock deadline.
   */
  watch(pid: number, share: number, fullSpeedAfterMs: number): GovernedReader {
    const reader: Reader = {
      share,
      credit: 0,
      lastTicks: this.clock.processTicks(pid),
      fullSpeedAt: this.now() + fullSpeedAfterMs,
      stoppedMs: 0,
      stoppedAt: undefined,
    };
    if (share < 1 && this.clock.machineTicks() !== undefined) {
      this.readers.set(pid, reader);
      this.timer ??= setInterval(() => this.slice(), SLICE_MS);
    }
    return {
      stoppedMs: () =>
        reader.stoppedMs + (reader.stoppedAt === undefined ? 0 : this.now() - reader.stoppedAt),
      release: () => {
        if (this.readers.get(pid) !== reader) return;
        this.resume(pid, reader);
        this.readers.delete(pid);
        if (this.readers.size === 0) this.stopSlicing();
      },
    };
  }

  /** Samples the last slice's use and starts or stops each reader for the next one. */
  slice(): void {
    const now = this.now();
    const machineTicks = this.clock.machineTicks();
    let readerTicks = 0;
    for (const [pid, reader] of this.readers) {
      const ticks = this.clock.processTicks(pid);
      if (ticks !== undefined && reader.lastTicks !== undefined) {
        readerTicks += ticks - reader.lastTicks;
      }
      reader.lastTicks = ticks;
    }
    if (
      machineTicks !== undefined &&
      this.lastMachineTicks !== undefined &&
      now > this.lastSampleAt
    ) {
      const seconds = (now - this.lastSampleAt) / 1000;
      const others =
        (machineTicks - this.lastMachineTicks - readerTicks) / TICKS_PER_SECOND / seconds;
      this.othersCores += SMOOTHING * (Math.max(0, others) - this.othersCores);
    }
    this.lastMachineTicks = machineTicks;
    this.lastSampleAt = now;

    const busy = this.othersCores >= BUSY_CORES;
    for (const [pid, reader] of this.readers) {
      if (!busy || now >= reader.fullSpeedAt) {
        reader.credit = 0;
        this.resume(pid, reader);
        continue;
      }
      reader.credit += reader.share;
      if (reader.credit >= 1) {
        reader.credit -= 1;
        this.resume(pid, reader);
      } else if (reader.stoppedAt === undefined) {
        reader.stoppedAt = now;
        this.send(pid, 'SIGSTOP');
      }
    }
  }

  private resume(pid: number, reader: Reader): void {
    if (reader.stoppedAt === undefined) return;
    reader.stoppedMs += this.now() - reader.stoppedAt;
    reader.stoppedAt = undefined;
    this.send(pid, 'SIGCONT');
  }

  private send(pid: number, signal: 'SIGSTOP' | 'SIGCONT'): void {
    try {
      this.signal(pid, signal);
    } catch {
      // The process has just ended; its release follows.
    }
  }

  private stopSlicing(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.lastMachineTicks = undefined;
    this.othersCores = 0;
  }
}

/** Fields of /proc/stat's `cpu` line that are this machine's work (not idle, iowait or steal). */
const BUSY_FIELDS = [0, 1, 2, 5, 6];

export const PROC_CPU_CLOCK: CpuClock = {
  machineTicks() {
    const line = readProcFile('/proc/stat')?.split('\n', 1)[0];
    if (!line?.startsWith('cpu ')) return undefined;
    const fields = line.slice(4).trim().split(/\s+/).map(Number);
    return BUSY_FIELDS.reduce((sum, field) => sum + (fields[field] ?? 0), 0);
  },
  processTicks(pid) {
    const stat = readProcFile(`/proc/${pid}/stat`);
    if (!stat) return undefined;
    // After the command name's ")": state is field 3, utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[14 - 3]) + Number(fields[15 - 3]);
  },
};

function readProcFile(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
