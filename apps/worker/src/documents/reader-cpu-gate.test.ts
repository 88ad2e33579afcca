import { describe, expect, it } from 'vitest';
import {
  BUSY_CORES,
  type CpuClock,
  PROC_CPU_CLOCK,
  ReaderCpuGate,
  SLICE_MS,
} from './reader-cpu-gate';

const READER = 4242;
/** Ticks of /proc's clock (100 a second) in one slice, per core kept busy. */
const TICKS_PER_CORE = SLICE_MS / 10;

/**
 * A machine whose other processes use `othersCores` and whose reader uses `readerCores` of it,
 * slice after slice (`advance`), with the gate's signals recorded.
 */
function simulatedMachine() {
  const state = { now: 0, machine: 0, reader: 0, othersCores: 0, readerCores: 0 };
  const signals: string[] = [];
  const clock: CpuClock = {
    machineTicks: () => state.machine,
    processTicks: (pid) => (pid === READER ? state.reader : undefined),
  };
  const gate = new ReaderCpuGate(
    clock,
    (_pid, signal) => signals.push(signal),
    () => state.now,
  );
  const advance = (slices: number) => {
    for (let i = 0; i < slices; i++) {
      state.now += SLICE_MS;
      const running = signals.at(-1) !== 'SIGSTOP';
      const readerTicks = running ? state.readerCores * TICKS_PER_CORE : 0;
      state.reader += readerTicks;
      state.machine += state.othersCores * TICKS_PER_CORE + readerTicks;
      gate.slice();
    }
  };
  return { state, signals, gate, advance };
}

/** Of the next `slices` slices, those the reader was let run. */
function runningSlices(machine: ReturnType<typeof simulatedMachine>, slices: number): number {
  let running = 0;
  for (let i = 0; i < slices; i++) {
    machine.advance(1);
    if (machine.signals.at(-1) !== 'SIGSTOP') running++;
  }
  return running;
}

describe('ReaderCpuGate', () => {
  it('never stops a reader on a quiet machine, however busy the reader itself is', () => {
    const machine = simulatedMachine();
    machine.state.readerCores = 1;
    machine.state.othersCores = BUSY_CORES / 2;
    const reader = machine.gate.watch(READER, 0.25, 60_000);
    machine.advance(200);
    expect(machine.signals).toEqual([]);
    expect(reader.stoppedMs()).toBe(0);
    reader.release();
  });

  it('lets a reader run its share of the slices while the other processes keep the machine busy', () => {
    const machine = simulatedMachine();
    machine.state.readerCores = 1;
    machine.state.othersCores = 1.5;
    const reader = machine.gate.watch(READER, 0.25, 60_000);
    machine.advance(10); // the smoothed use crosses BUSY_CORES
    expect(machine.signals).toContain('SIGSTOP');

    const stoppedBefore = reader.stoppedMs();
    expect(runningSlices(machine, 400)).toBe(100);
    expect(reader.stoppedMs() - stoppedBefore).toBe(300 * SLICE_MS);

    machine.state.othersCores = 0;
    machine.advance(20);
    const stoppedWhenQuiet = reader.stoppedMs();
    expect(runningSlices(machine, 100)).toBe(100);
    expect(reader.stoppedMs()).toBe(stoppedWhenQuiet);
    reader.release();
  });

  it('lets a reader run at full speed once its time to full speed has passed', () => {
    const machine = simulatedMachine();
    machine.state.othersCores = 2;
    const reader = machine.gate.watch(READER, 0.25, 100 * SLICE_MS);
    machine.advance(100);
    expect(runningSlices(machine, 100)).toBe(100);
    reader.release();
  });

  it('continues a stopped reader when it is released, and governs nothing with a share of 1', () => {
    const machine = simulatedMachine();
    machine.state.othersCores = 2;
    const reader = machine.gate.watch(READER, 0.25, 60_000);
    machine.advance(12);
    if (machine.signals.at(-1) !== 'SIGSTOP') machine.advance(1);
    expect(machine.signals.at(-1)).toBe('SIGSTOP');
    reader.release();
    expect(machine.signals.at(-1)).toBe('SIGCONT');

    const signalsBefore = machine.signals.length;
    const unstopped = machine.gate.watch(READER, 1, 60_000);
    machine.advance(50);
    expect(machine.signals.length).toBe(signalsBefore);
    expect(unstopped.stoppedMs()).toBe(0);
  });
});

describe.runIf(process.platform === 'linux')('PROC_CPU_CLOCK', () => {
  // The machine's ticks are sampled at the scheduler's tick (and time the host took back counts
  // as steal, not busy), a process's are measured: they agree roughly, not to the tick.
  it("counts this process's CPU time in its own and in the machine's busy ticks", () => {
    const machineBefore = PROC_CPU_CLOCK.machineTicks() ?? Number.NaN;
    const ownBefore = PROC_CPU_CLOCK.processTicks(process.pid) ?? Number.NaN;
    let spent = 0;
    while (spent < 20) {
      for (let i = 0; i < 1e6; i++) Math.sqrt(i);
      spent = (PROC_CPU_CLOCK.processTicks(process.pid) ?? Number.NaN) - ownBefore;
    }
    expect(spent).toBeGreaterThanOrEqual(20);
    expect((PROC_CPU_CLOCK.machineTicks() ?? 0) - machineBefore).toBeGreaterThanOrEqual(5);
  });

  it('knows no time for a process that does not exist', () => {
    expect(PROC_CPU_CLOCK.processTicks(2 ** 30)).toBeUndefined();
  });
});
