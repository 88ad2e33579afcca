import { describe, expect, it } from 'vitest';
import { PdfRenderBreaker } from './pdf-render-breaker';

function breakerAt(start = 0) {
  const clock = { now: start };
  const breaker = new PdfRenderBreaker(
    { timeouts: 3, coolDownMs: 1_000, maxCoolDownMs: 5_000 },
    () => clock.now,
  );
  return { clock, breaker };
}

describe('PdfRenderBreaker', () => {
  it('pauses a document once its renders miss the deadline often enough, and only it', () => {
    const { breaker } = breakerAt();
    breaker.recordTimeout('hostile');
    breaker.recordTimeout('hostile');
    expect(breaker.pausedFor('hostile')).toBe(0);
    breaker.recordTimeout('hostile');
    expect(breaker.pausedFor('hostile')).toBe(1_000);
    expect(breaker.pausedFor('innocent')).toBe(0);
  });

  it('doubles the pause each time the try after one fails, up to the maximum', () => {
    const { clock, breaker } = breakerAt();
    for (let miss = 0; miss < 3; miss += 1) breaker.recordTimeout('hostile');
    const pauses = [];
    for (let round = 0; round < 4; round += 1) {
      const pause = breaker.pausedFor('hostile');
      pauses.push(pause);
      // Renders still running while it is paused do not lengthen the pause.
      breaker.recordTimeout('hostile');
      clock.now += pause;
      expect(breaker.pausedFor('hostile')).toBe(0);
      // Half-open: the first render tried afterwards decides.
      breaker.recordTimeout('hostile');
    }
    expect(pauses).toEqual([1_000, 2_000, 4_000, 5_000]);
  });

  it('forgives a missed deadline for each render finished in time', () => {
    const { breaker } = breakerAt();
    breaker.recordTimeout('loaded');
    breaker.recordTimeout('loaded');
    breaker.recordSuccess('loaded');
    breaker.recordSuccess('loaded');
    breaker.recordTimeout('loaded');
    breaker.recordTimeout('loaded');
    expect(breaker.pausedFor('loaded')).toBe(0);
  });

  it('starts afresh once a paused document draws its pages in time again', () => {
    const { clock, breaker } = breakerAt();
    for (let miss = 0; miss < 3; miss += 1) breaker.recordTimeout('recovered');
    clock.now += 1_000;
    breaker.recordSuccess('recovered');
    breaker.recordSuccess('recovered');
    // Forgotten: three misses again before a pause, and the first pause is the shortest.
    breaker.recordTimeout('recovered');
    breaker.recordTimeout('recovered');
    expect(breaker.pausedFor('recovered')).toBe(0);
    breaker.recordTimeout('recovered');
    expect(breaker.pausedFor('recovered')).toBe(1_000);
  });
});
