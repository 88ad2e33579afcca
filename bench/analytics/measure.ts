/** Runs `run` `repeats` times (after one warm-up run when repeating) and answers each time in ms. */
export async function time(repeats: number, run: () => Promise<unknown>): Promise<number[]> {
  if (repeats > 1) await run();
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times;
}

/** The nearest-rank percentile (`p` in 0–1) of `values`; 0 for none. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
}
