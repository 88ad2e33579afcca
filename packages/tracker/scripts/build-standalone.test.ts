// @vitest-environment node
// (esbuild's API refuses to run under jsdom's TextEncoder.)
import { describe, expect, it } from 'vitest';
import { bundleStandalone, measureTrackerSizes, STANDALONE_GZIP_LIMIT } from './build-standalone';

describe('size budget', () => {
  it(`keeps the standalone script within ${STANDALONE_GZIP_LIMIT} B gzipped`, async () => {
    const sizes = await measureTrackerSizes();
    console.info(
      `tracker sizes (gzip -9): core ${sizes.core.gzipped} B, standalone ${sizes.standalone.gzipped} B, react bindings ${sizes.react.gzipped} B`,
    );
    expect(sizes.standalone.gzipped).toBeLessThanOrEqual(STANDALONE_GZIP_LIMIT);
    // The bindings must not pull a copy of the core (or React) into themselves.
    expect(sizes.react.gzipped).toBeLessThan(sizes.core.gzipped / 2);
  });

  it('exposes createTracker on a CoursepackTracker global and nothing else', async () => {
    const code = await bundleStandalone();
    const scope: Record<string, unknown> = {};
    new Function('globalThis', code)(scope);
    expect(Object.keys(scope)).toEqual(['CoursepackTracker']);
    expect(Object.keys(scope.CoursepackTracker as object)).toEqual(['createTracker']);
    expect(typeof (scope.CoursepackTracker as { createTracker: unknown }).createTracker).toBe(
      'function',
    );
  });
});
