/** Timing for the search benchmarks: one query at a time, after a warm-up. */

/** Runs each input once after running the first `warmUp`, one at a time; milliseconds per call. */
export async function measure<T>(
  inputs: readonly T[],
  run: (input: T) => Promise<void>,
  warmUp: number,
): Promise<number[]> {
  for (const input of inputs.slice(0, warmUp)) await run(input);
  const times: number[] = [];
  for (const input of inputs) {
    const start = performance.now();
    await run(input);
    times.push(performance.now() - start);
  }
  return times;
}

/** p50, p95 and p99 (nearest rank). */
export function percentiles(times: readonly number[]): [number, number, number] {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
  return [at(0.5), at(0.95), at(0.99)];
}
