import { describe, expect, it } from 'vitest';
import { type Running, supervise } from './supervise';

/** A part that runs until `crash` or `stop` is called. */
function fakePart(id: number) {
  let end: (how: string) => void = () => {};
  const exited = new Promise<string>((resolve) => {
    end = resolve;
  });
  let stopped = false;
  return {
    id,
    exited,
    crash: (how = 'killed by SIGKILL') => end(how),
    get stopped() {
      return stopped;
    },
    async stop() {
      stopped = true;
      end('stopped');
    },
  };
}
type FakePart = ReturnType<typeof fakePart> & Running;

/** A supervisor over fake parts with a clock and sleeps the test controls. */
function harness(options: { failingRestarts?: number } = {}) {
  let clock = 0;
  const lines: string[] = [];
  const sleeps: number[] = [];
  const parts: FakePart[] = [fakePart(0)];
  let failures = options.failingRestarts ?? 0;
  let wake: () => void = () => {};
  const supervisor = supervise<FakePart>({
    name: 'media',
    first: parts[0] as FakePart,
    restart: async () => {
      if (failures > 0) {
        failures -= 1;
        throw new Error('port 3002 is taken');
      }
      const part = fakePart(parts.length);
      parts.push(part);
      return part;
    },
    log: (line) => lines.push(line),
    sleep: (ms, signal) => {
      sleeps.push(ms);
      clock += ms;
      return new Promise<void>((resolve) => {
        wake = resolve;
        signal.addEventListener('abort', () => resolve(), { once: true });
      });
    },
    now: () => clock,
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    supervisor,
    parts,
    lines,
    sleeps,
    settle,
    advance: (ms: number) => {
      clock += ms;
    },
    /** Ends the pending back-off sleep and lets the restart happen. */
    async wakeUp() {
      wake();
      await settle();
    },
    latest: () => parts[parts.length - 1] as FakePart,
  };
}

describe('supervise', () => {
  it('starts a crashed part again after a back-off, and says so', async () => {
    const h = harness();
    h.latest().crash();
    await h.settle();
    expect(h.lines).toEqual([
      'media stopped unexpectedly (killed by SIGKILL); restarting in 1 s (restart 1)',
    ]);
    await h.wakeUp();
    expect(h.parts).toHaveLength(2);
    expect(h.supervisor.current()).toBe(h.parts[1]);
    expect(h.supervisor.restarts()).toBe(1);
    expect(h.lines.at(-1)).toBe('media is running again');
    await h.supervisor.stop();
  });

  it('doubles the delay for each quick crash up to the cap, and resets it after a stable run', async () => {
    const h = harness();
    for (let crash = 0; crash < 7; crash += 1) {
      h.latest().crash('exit code 1');
      await h.settle();
      await h.wakeUp();
    }
    expect(h.sleeps).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);

    h.advance(60_000);
    h.latest().crash('exit code 1');
    await h.settle();
    expect(h.sleeps.at(-1)).toBe(1000);
    await h.supervisor.stop();
  });

  it('treats a restart that cannot start as another crash and keeps trying', async () => {
    const h = harness({ failingRestarts: 2 });
    h.latest().crash();
    await h.settle();
    await h.wakeUp();
    await h.wakeUp();
    await h.wakeUp();
    expect(h.lines).toEqual([
      'media stopped unexpectedly (killed by SIGKILL); restarting in 1 s (restart 1)',
      'media stopped unexpectedly (could not start: port 3002 is taken); restarting in 2 s (restart 2)',
      'media stopped unexpectedly (could not start: port 3002 is taken); restarting in 4 s (restart 3)',
      'media is running again',
    ]);
    expect(h.parts).toHaveLength(2);
    await h.supervisor.stop();
  });

  it('stops the running part and starts nothing more once stopped', async () => {
    const h = harness();
    await h.supervisor.stop();
    expect(h.parts[0]?.stopped).toBe(true);
    expect(h.lines).toEqual([]);
    expect(h.parts).toHaveLength(1);
  });

  it('gives up a restart still waiting when stopped during the back-off', async () => {
    const h = harness();
    h.latest().crash();
    await h.settle();
    await h.supervisor.stop();
    await h.settle();
    expect(h.parts).toHaveLength(1);
    expect(h.supervisor.restarts()).toBe(1);
  });
});
