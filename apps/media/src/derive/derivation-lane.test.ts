import { describe, expect, it } from 'vitest';
import { DerivationLane } from './derivation-lane';

/** A job the test finishes by hand, recording when it started. */
function gate(log: string[], name: string) {
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    work: async () => {
      log.push(name);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

describe('DerivationLane', () => {
  it('runs at most its concurrency, taking the waiting jobs in turn between groups', async () => {
    const lane = new DerivationLane(2, 100);
    const started: string[] = [];
    const jobs = new Map<string, ReturnType<typeof gate>>();
    const results: Promise<string>[] = [];
    const add = (group: string, name: string) => {
      const job = gate(started, name);
      jobs.set(name, job);
      results.push(lane.run(group, job.work));
    };
    for (const name of ['a1', 'a2', 'a3', 'a4', 'a5']) add('a', name);
    add('b', 'b1');
    add('c', 'c1');
    add('b', 'b2');
    await Promise.resolve();
    await Promise.resolve();
    expect(started).toEqual(['a1', 'a2']);
    expect(lane.state).toEqual({ running: 2, waiting: 6 });

    for (const name of ['a1', 'a2', 'a3', 'b1', 'c1', 'a4', 'b2', 'a5']) {
      jobs.get(name)?.finish();
      await new Promise((resolve) => setImmediate(resolve));
      expect(lane.state.running).toBeLessThanOrEqual(2);
    }
    expect(await Promise.all(results)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'b1', 'c1', 'b2']);
    // After a's first two, every group takes a turn: a, b, c, then a and b again.
    expect(started).toEqual(['a1', 'a2', 'a3', 'b1', 'c1', 'a4', 'b2', 'a5']);
    expect(lane.state).toEqual({ running: 0, waiting: 0 });
  });

  it('passes failures on and frees the slot; says when its queue is full', async () => {
    const lane = new DerivationLane(1, 1);
    const blocker = gate([], 'blocker');
    const running = lane.run('a', blocker.work);
    const failing = lane.run('b', async () => {
      throw new Error('broken');
    });
    expect(lane.hasRoom).toBe(false);
    blocker.finish();
    await expect(running).resolves.toBe('blocker');
    await expect(failing).rejects.toThrow('broken');
    expect(lane.hasRoom).toBe(true);
    await expect(lane.run('c', async () => 'after')).resolves.toBe('after');
  });
});
