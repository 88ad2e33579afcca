import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSender } from './create-sender';
import { removeSendBeacon, stubFetch, stubSendBeacon } from './testing/browser-fixtures';

const ENDPOINT = 'https://collect.coursepack.test/events';
const BODY = JSON.stringify({ event_id: 'e1', type: 't', name: 'n', action: 'a' });

beforeEach(() => {
  vi.useFakeTimers();
  // The smallest jitter, so the back-off is exactly 500, 1000, 2000 ms.
  vi.spyOn(Math, 'random').mockReturnValue(0);
});

afterEach(() => {
  vi.useRealTimers();
  removeSendBeacon();
});

describe('createSender', () => {
  it('POSTs the JSON body with credentials and keepalive, as a simple CORS request', async () => {
    const requests = stubFetch(204);
    await expect(createSender().send(ENDPOINT, BODY)).resolves.toBe(true);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe(ENDPOINT);
    expect(requests[0]?.init).toEqual({
      method: 'POST',
      credentials: 'include',
      keepalive: true,
      body: BODY,
    });
  });

  it.each([200, 201, 202, 204, 299])('resolves true on %i', async (status) => {
    stubFetch(status);
    await expect(createSender().send(ENDPOINT, BODY)).resolves.toBe(true);
  });

  it.each([300, 400, 401, 403, 404, 413, 415])(
    'resolves false on %i without retrying',
    async (status) => {
      const requests = stubFetch(status);
      const sent = createSender().send(ENDPOINT, BODY);
      await vi.runAllTimersAsync();
      await expect(sent).resolves.toBe(false);
      expect(requests).toHaveLength(1);
    },
  );

  it.each([
    [503, 'a 5xx'],
    [429, 'a 429'],
    [0, 'a network error'],
  ])('retries %i (%s) with doubling back-off, then succeeds', async (status) => {
    const requests = stubFetch(status, status, 204);
    const sent = createSender().send(ENDPOINT, BODY);
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(3);
    await expect(sent).resolves.toBe(true);
    // Retries repeat the same body, so the collector can drop the duplicates by event_id.
    expect(new Set(requests.map((request) => request.init.body))).toEqual(new Set([BODY]));
  });

  it("gives up after 3 retries with 'Too many retries, aborting' and resolves false", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const requests = stubFetch(503);
    const sent = createSender().send(ENDPOINT, BODY);
    await vi.advanceTimersByTimeAsync(500 + 1000 + 2000);
    await expect(sent).resolves.toBe(false);
    expect(requests).toHaveLength(4);
    expect(warn).toHaveBeenCalledOnce();
    expect(warn).toHaveBeenCalledWith('Too many retries, aborting');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(4);
  });

  it('spreads retries with up to 100 % jitter', async () => {
    vi.mocked(Math.random).mockReturnValue(0.999);
    const requests = stubFetch(503, 204);
    createSender().send(ENDPOINT, BODY);
    await vi.advanceTimersByTimeAsync(998);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2);
    expect(requests).toHaveLength(2);
  });

  it('never rejects, whatever fetch does', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal('fetch', () => {
      throw new Error('synchronous failure');
    });
    const sent = createSender().send(ENDPOINT, BODY);
    await vi.runAllTimersAsync();
    await expect(sent).resolves.toBe(false);
  });

  it('flush sends what waits for a retry through sendBeacon at once', async () => {
    const requests = stubFetch(503);
    const beacons = stubSendBeacon(true);
    const sender = createSender();
    const first = sender.send(ENDPOINT, BODY);
    const second = sender.send(`${ENDPOINT}?b`, '{"event_id":"e2"}');
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toHaveLength(2);
    sender.flush();
    await expect(first).resolves.toBe(true);
    await expect(second).resolves.toBe(true);
    expect(beacons).toEqual([
      { url: ENDPOINT, body: JSON.parse(BODY) },
      { url: `${ENDPOINT}?b`, body: { event_id: 'e2' } },
    ]);
    // The cancelled back-off never fires a second fetch.
    await vi.runAllTimersAsync();
    expect(requests).toHaveLength(2);
    sender.flush();
    expect(beacons).toHaveLength(2);
  });

  it('resolves false when the browser refuses the beacon or has none', async () => {
    stubFetch(503);
    stubSendBeacon(false);
    let sender = createSender();
    let sent = sender.send(ENDPOINT, BODY);
    await vi.advanceTimersByTimeAsync(0);
    sender.flush();
    await expect(sent).resolves.toBe(false);

    removeSendBeacon();
    sender = createSender();
    sent = sender.send(ENDPOINT, BODY);
    await vi.advanceTimersByTimeAsync(0);
    sender.flush();
    await expect(sent).resolves.toBe(false);
  });

  it('survives a beacon that throws on a malformed endpoint', async () => {
    stubFetch(0);
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: () => {
        throw new TypeError('Invalid URL');
      },
    });
    const sender = createSender();
    sender.send('http://[', BODY);
    await vi.advanceTimersByTimeAsync(0);
    expect(() => sender.flush()).not.toThrow();
  });

  it('does nothing on flush when nothing waits', () => {
    const beacons = stubSendBeacon(true);
    createSender().flush();
    expect(beacons).toEqual([]);
  });
});
