import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetVisibility, setVisibility } from './testing/browser-fixtures';
import { trackPresence } from './track-presence';
import { TrackerError } from './tracker-error';

let pings: Array<[at: number, action: string]>;
let stop: (() => void) | undefined;
const start = (config?: Parameters<typeof trackPresence>[0]) => {
  stop = trackPresence(config, (action) => pings.push([Date.now(), action]));
};

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  resetVisibility();
  pings = [];
});

afterEach(() => {
  stop?.();
  stop = undefined;
  vi.useRealTimers();
});

describe('trackPresence', () => {
  it('pings active at once and every 5000 ms by default while visible', async () => {
    start();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(pings).toEqual([
      [0, 'active'],
      [5000, 'active'],
      [10_000, 'active'],
      [15_000, 'active'],
    ]);
  });

  it('pings inactive once hidden for the debounce, then backs off ×2 up to the cap', async () => {
    start({ interval: 1000, debounce: 100, cap: 10_000 });
    await vi.advanceTimersByTimeAsync(1500);
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(100 + 2000 + 4000 + 8000 + 10_000 + 10_000);
    expect(pings).toEqual([
      [0, 'active'],
      [1000, 'active'],
      [1600, 'inactive'],
      [3600, 'inactive'],
      [7600, 'inactive'],
      [15_600, 'inactive'],
      [25_600, 'inactive'],
      [35_600, 'inactive'],
    ]);
  });

  it('uses the 1500000 ms cap by default', async () => {
    start({ interval: 400_000, debounce: 0 });
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(800_000 + 1_500_000 + 1_500_000);
    expect(pings.map(([at]) => at)).toEqual([0, 0, 800_000, 2_300_000, 3_800_000]);
  });

  it('pings active at once when visible again and returns to the interval', async () => {
    start({ interval: 1000, debounce: 100, cap: 60_000 });
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(100 + 2000 + 4000);
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(100 + 2000);
    expect(pings).toEqual([
      [0, 'active'],
      [100, 'inactive'],
      [2100, 'inactive'],
      [6100, 'inactive'],
      [6200, 'active'],
      [7200, 'active'],
      [8200, 'active'],
    ]);
  });

  it('ignores visibility flicks shorter than the debounce', async () => {
    start({ interval: 1000, debounce: 300 });
    await vi.advanceTimersByTimeAsync(100);
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(200);
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(900);
    expect(pings).toEqual([
      [0, 'active'],
      [1000, 'active'],
    ]);
  });

  it('starts with inactive in a tab opened in the background', async () => {
    setVisibility('hidden');
    start({ interval: 1000, debounce: 100 });
    await vi.advanceTimersByTimeAsync(2000);
    expect(pings).toEqual([
      [0, 'inactive'],
      [2000, 'inactive'],
    ]);
  });

  it('applies a change still in its debounce on pagehide, so a closing tab reports inactive', () => {
    start({ interval: 1000, debounce: 500 });
    setVisibility('hidden');
    window.dispatchEvent(new Event('pagehide'));
    expect(pings).toEqual([
      [0, 'active'],
      [0, 'inactive'],
    ]);
  });

  it('sends nothing on pagehide without a pending change', () => {
    start({ interval: 1000, debounce: 500 });
    window.dispatchEvent(new Event('pagehide'));
    expect(pings).toHaveLength(1);
  });

  it('stops pinging and listening when stopped (twice is harmless)', async () => {
    start({ interval: 1000, debounce: 100 });
    stop?.();
    stop?.();
    setVisibility('hidden');
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(pings).toEqual([[0, 'active']]);
  });

  it.each([
    [{ interval: 1000, debounce: 1000 }],
    [{ interval: 500, debounce: 1000 }],
    [{ interval: 900 }], // the default debounce is 1000
    [{ debounce: 5000 }], // the default interval is 5000
    [{ interval: 1000, debounce: -1 }],
    [{ interval: Number.NaN, debounce: 100 }],
    [{ interval: 1000, debounce: Number.NaN }],
    [{ interval: '5000' as unknown as number, debounce: '600' as unknown as number }],
  ])('requires the interval to be greater than the debounce: %j', (config) => {
    let error: unknown;
    try {
      start(config);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(TrackerError);
    expect((error as TrackerError).code).toBe('config_invalid');
    expect((error as TrackerError).message).toBe(
      '`presence.interval` must be greater than `presence.debounce`',
    );
    expect(pings).toEqual([]);
  });
});
