import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readCookie, writeDocumentCookie } from './cookie-jar';
import { createTracker, type Tracker, type TrackerConfig, TrackerError } from './create-tracker';
import { createUuidV7 } from './create-uuid-v7';
import type { TrackerPayload } from './event';
import {
  clearCookies,
  DEFAULT_URL,
  type RecordedRequest,
  removeSendBeacon,
  resetVisibility,
  setReferrer,
  setScrollGeometry,
  setUrl,
  setVisibility,
  stubFetch,
  stubSendBeacon,
} from './testing/browser-fixtures';

const ENDPOINT = 'https://collect.coursepack.test/events';
const UUID_V7 = /^[\da-f]{8}-[\da-f]{4}-7[\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12}$/;
const EVENT = { type: 'document', name: 'viewer', action: 'open' };

let written: string[];
let trackers: Tracker[];

/** A tracker whose cookie strings are recorded (and still set in jsdom's jar). */
function track(config: TrackerConfig = {}): Tracker {
  const tracker = createTracker({
    endpoint: ENDPOINT,
    writeCookie: (cookie) => {
      written.push(cookie);
      writeDocumentCookie(cookie);
    },
    ...config,
  });
  trackers.push(tracker);
  return tracker;
}

const writtenFor = (name: string) => written.filter((cookie) => cookie.startsWith(`${name}=`));
const payloads = (requests: RecordedRequest[]) =>
  requests.map((r) => r.body as unknown as TrackerPayload);

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2025, 5, 1, 12) });
  vi.spyOn(Math, 'random').mockReturnValue(0);
  setUrl(DEFAULT_URL);
  setReferrer('');
  clearCookies();
  resetVisibility();
  document.title = 'Linear algebra — Coursepack';
  written = [];
  trackers = [];
});

afterEach(() => {
  for (const tracker of trackers) tracker.destroy();
  removeSendBeacon();
  vi.useRealTimers();
});

describe('createTracker: the event payload', () => {
  it('sends the event fields, cookie data and location', async () => {
    const requests = stubFetch(204);
    const tracker = track({
      environment: 'test',
      app: 'web',
      client: 'browser',
      url_path_version: '2',
    });
    await expect(
      tracker.trackAction({ ...EVENT, doc_id: '42', course_id: 7, action_meta: { page: 3 } }),
    ).resolves.toBe(true);
    const [payload] = payloads(requests);
    expect(payload).toEqual({
      environment: 'test',
      app: 'web',
      client: 'browser',
      url_path_version: '2',
      ...EVENT,
      doc_id: 42,
      course_id: 7,
      action_meta: { page: 3 },
      event_id: expect.stringMatching(UUID_V7),
      date: '2025-06-01T12:00:00.000Z',
      cookie: {
        session_id: tracker.sessionId,
        path: '/courses/7',
        path_with_params: '/courses/7?utm_source=news',
        utm: true,
        utm_source: 'news',
      },
      location: DEFAULT_URL,
    });
    expect(requests[0]?.init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      keepalive: true,
    });
  });

  it('gives every event its own event_id, in time order', async () => {
    const requests = stubFetch(204);
    const tracker = track(EVENT);
    await tracker.trackAction();
    vi.advanceTimersByTime(5);
    await tracker.trackAction();
    const [first, second] = payloads(requests).map((p) => p.event_id);
    expect(first).not.toBe(second);
    expect([second, first].sort()).toEqual([first, second]);
  });

  it('takes the path and location at send time (single-page navigation)', async () => {
    const requests = stubFetch(204);
    const tracker = track(EVENT);
    history.pushState(null, '', '/documents/9?page=2#notes');
    await tracker.trackAction();
    expect(payloads(requests)[0]).toMatchObject({
      cookie: { path: '/documents/9', path_with_params: '/documents/9?page=2' },
      location: 'https://app.coursepack.test/documents/9?page=2#notes',
    });
  });

  it('reads the defaults at each event, so a changed config applies', async () => {
    const requests = stubFetch(204);
    const config: TrackerConfig = { endpoint: ENDPOINT, ...EVENT, doc_id: 1 };
    const tracker = createTracker(config);
    trackers.push(tracker);
    config.doc_id = 2;
    await tracker.trackAction();
    expect(payloads(requests)[0]?.doc_id).toBe(2);
  });

  it('resolves false on a non-2xx answer and never rejects for delivery', async () => {
    stubFetch(400);
    await expect(track(EVENT).trackAction()).resolves.toBe(false);
    stubFetch(0);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const sent = track(EVENT).trackAction();
    await vi.runAllTimersAsync();
    await expect(sent).resolves.toBe(false);
  });

  it("retries 3 times then logs 'Too many retries, aborting'", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const requests = stubFetch(503);
    const sent = track(EVENT).trackAction();
    await vi.advanceTimersByTimeAsync(3500);
    await expect(sent).resolves.toBe(false);
    expect(requests).toHaveLength(4);
    expect(warn).toHaveBeenCalledWith('Too many retries, aborting');
    expect(new Set(payloads(requests).map((p) => p.event_id)).size).toBe(1);
  });
});

describe('createTracker: errors', () => {
  it("rejects with 'dpet endpoint is not defined' without an endpoint", async () => {
    const tracker = track({ endpoint: undefined, ...EVENT });
    const error = await tracker.trackAction().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TrackerError);
    expect(error).toMatchObject({
      code: 'endpoint_missing',
      message: 'dpet endpoint is not defined',
    });
    expect(() => tracker.startScrollTracking()).toThrow('dpet endpoint is not defined');
    expect(() => tracker.startPresence()).toThrow('dpet endpoint is not defined');
    expect(() => track({ endpoint: '' }).startPresence()).toThrow('dpet endpoint is not defined');
  });

  it.each(['type', 'action', 'name'])('rejects an event without %s', async (field) => {
    const requests = stubFetch(204);
    await expect(track().trackAction({ ...EVENT, [field]: undefined })).rejects.toThrow(
      `\`${field}\` is required for event in either the hook or the trackAction`,
    );
    expect(requests).toEqual([]);
  });

  it('takes required fields from the configuration', async () => {
    stubFetch(204);
    await expect(track(EVENT).trackAction()).resolves.toBe(true);
    await expect(track({ type: 't', name: 'n' }).trackAction({ action: 'a' })).resolves.toBe(true);
  });

  it('rejects invalid ids', async () => {
    stubFetch(204);
    await expect(track(EVENT).trackAction({ doc_id: 'DROP TABLE' })).rejects.toThrow(
      '`doc_id` must be an integer or a string of digits',
    );
  });

  it('rejects presence timings with the interval not above the debounce', () => {
    stubFetch(204);
    expect(() =>
      track({ ...EVENT, presence: { interval: 100, debounce: 100 } }).startPresence(),
    ).toThrow('`presence.interval` must be greater than `presence.debounce`');
  });
});

describe('createTracker: cookies', () => {
  it('stores a new UUIDv7 session id in dpevent for 399 days on the parent domain', () => {
    const tracker = track();
    expect(tracker.sessionId).toMatch(UUID_V7);
    expect(writtenFor('dpevent')).toEqual([
      `dpevent=${tracker.sessionId}; Path=/; SameSite=Lax; Secure; Max-Age=34473600; Domain=coursepack.test`,
    ]);
    expect(readCookie('dpevent')).toBe(tracker.sessionId);
  });

  it('keeps the session id of an earlier visit and refreshes its lifetime', () => {
    const first = track().sessionId;
    written = [];
    const second = track();
    expect(second.sessionId).toBe(first);
    expect(writtenFor('dpevent')[0]).toContain('Max-Age=34473600');
  });

  it('replaces a tampered session cookie', () => {
    writeDocumentCookie('dpevent=1%3B%20DROP; Path=/');
    expect(track().sessionId).toMatch(UUID_V7);
  });

  it('uses the video cookie as a backup when the main one is missing', () => {
    const id = createUuidV7();
    writeDocumentCookie(`dpevent-video=${id}; Path=/; Secure`);
    expect(track().sessionId).toBe(id);
    expect(readCookie('dpevent')).toBe(id);
  });

  it('logs a video backup cookie it cannot read, and starts a new session', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    writeDocumentCookie('dpevent-video=%E0%A4%A; Path=/; Secure');
    expect(track().sessionId).toMatch(UUID_V7);
    expect(warn).toHaveBeenCalledWith(
      'Could not read the dpevent-video cookie',
      expect.any(URIError),
    );
  });

  it('writes the video variant with SameSite=None; Secure and uses dphst-video', async () => {
    stubFetch(204);
    const tracker = track({ video: true, ...EVENT });
    await tracker.trackAction();
    expect(writtenFor('dpevent-video')).toEqual([
      `dpevent-video=${tracker.sessionId}; Path=/; SameSite=None; Secure; Max-Age=34473600; Domain=coursepack.test`,
    ]);
    expect(writtenFor('dpevent')).toEqual([]);
    expect(writtenFor('dphst-video')).toHaveLength(1);
    expect(writtenFor('dphst-video')[0]).toMatch(
      /; SameSite=None; Secure; Max-Age=900; Domain=coursepack\.test$/,
    );
    expect(writtenFor('dphst')).toEqual([]);
  });

  it('shares the session between the page and a video embed', () => {
    const page = track();
    expect(track({ video: true }).sessionId).toBe(page.sessionId);
  });

  it('writes dpevent-utm on a landing with utm parameters', () => {
    setUrl(
      'https://app.coursepack.test/?utm_source=newsletter&utm_campaign=spring&referred_by=ada',
    );
    setReferrer('https://mail.example.org/');
    track();
    const [cookie] = writtenFor('dpevent-utm');
    expect(cookie).toMatch(
      /; Path=\/; SameSite=Lax; Secure; Max-Age=34473600; Domain=coursepack\.test$/,
    );
    expect(JSON.parse(readCookie('dpevent-utm') as string)).toEqual({
      utm_source: 'newsletter',
      utm_campaign: 'spring',
      utm: true,
      referred_by: 'ada',
      referrer: 'https://mail.example.org/',
    });
  });

  it('keeps the landing source on later pages of the visit', async () => {
    const requests = stubFetch(204);
    track();
    setUrl('https://app.coursepack.test/documents/3');
    setReferrer('https://app.coursepack.test/courses/7');
    written = [];
    await track(EVENT).trackAction();
    expect(writtenFor('dpevent-utm')).toEqual([]);
    expect(payloads(requests)[0]?.cookie).toMatchObject({ utm: true, utm_source: 'news' });
  });

  it('ignores a corrupted utm cookie', async () => {
    const requests = stubFetch(204);
    setUrl('https://app.coursepack.test/');
    writeDocumentCookie('dpevent-utm=%7Bnot-json; Path=/');
    await track(EVENT).trackAction();
    expect(payloads(requests)[0]?.cookie).toEqual({
      session_id: expect.any(String),
      path: '/',
      path_with_params: '/',
    });
  });

  it('writes dpevent-page for the browser session, and again after navigation', async () => {
    stubFetch(204);
    const tracker = track(EVENT);
    expect(writtenFor('dpevent-page')).toHaveLength(1);
    expect(writtenFor('dpevent-page')[0]).toMatch(
      /; Path=\/; SameSite=Lax; Secure; Domain=coursepack\.test$/,
    );
    expect(JSON.parse(readCookie('dpevent-page') as string)).toEqual({
      path: '/courses/7',
      title: 'Linear algebra — Coursepack',
      path_with_params: '/courses/7?utm_source=news',
      user_agent: navigator.userAgent,
    });
    await tracker.trackAction();
    expect(writtenFor('dpevent-page')).toHaveLength(1);
    history.pushState(null, '', '/documents/4');
    await tracker.trackAction();
    expect(writtenFor('dpevent-page')).toHaveLength(2);
    expect(JSON.parse(readCookie('dpevent-page') as string)).toMatchObject({
      path: '/documents/4',
    });
  });

  it('clips a huge title to keep the page cookie', () => {
    document.title = 'T'.repeat(50_000);
    track();
    expect(JSON.parse(readCookie('dpevent-page') as string).title).toHaveLength(200);
  });

  it('honours a custom cookie name for the main cookie and its variants', () => {
    setUrl('https://app.coursepack.test/?utm_source=x');
    track({ cookieName: 'cpx' });
    expect(written.map((cookie) => cookie.split('=')[0])).toEqual(['cpx', 'cpx-utm', 'cpx-page']);
  });

  it('tracks without cookies in a sandboxed frame, where cookie access throws', async () => {
    const requests = stubFetch(204);
    const denied = () => {
      throw new DOMException('The document is sandboxed', 'SecurityError');
    };
    const original = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    Object.defineProperty(document, 'cookie', { configurable: true, get: denied, set: denied });
    try {
      const tracker = createTracker({ endpoint: ENDPOINT, ...EVENT });
      trackers.push(tracker);
      await expect(tracker.trackAction({}, { once: true })).resolves.toBe(true);
      expect(payloads(requests)[0]?.cookie.session_id).toBe(tracker.sessionId);
      expect(tracker.sessionId).toMatch(UUID_V7);
      // A page with several trackers (page view, reading) still makes one session.
      const another = createTracker({ endpoint: ENDPOINT, ...EVENT, video: true });
      trackers.push(another);
      expect(another.sessionId).toBe(tracker.sessionId);
    } finally {
      // The instance property shadowed the prototype's accessor; removing it restores cookies.
      Reflect.deleteProperty(document, 'cookie');
    }
    expect(Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')).toEqual(original);
  });

  it('works host-only and without Secure on localhost', async () => {
    stubFetch(204);
    setUrl('http://localhost:3000/courses');
    await track(EVENT).trackAction();
    for (const cookie of written) {
      expect(cookie).not.toMatch(/Secure|Domain/);
      expect(cookie).toContain('SameSite=Lax');
    }
    expect(readCookie('dpevent')).toMatch(UUID_V7);
  });
});

describe('createTracker: once and oncePerSeconds', () => {
  it('records app events in dphst for 15 minutes', async () => {
    stubFetch(204);
    await track(EVENT).trackAction();
    expect(writtenFor('dphst')).toHaveLength(1);
    expect(writtenFor('dphst')[0]).toMatch(
      /^dphst=[\da-z]+\.[\da-z]+; Path=\/; SameSite=Lax; Secure; Max-Age=900; Domain=coursepack\.test$/,
    );
  });

  it('skips a once event already in the history, sending nothing', async () => {
    const requests = stubFetch(204);
    const tracker = track(EVENT);
    await expect(tracker.trackAction({}, { once: true })).resolves.toBe(true);
    await expect(tracker.trackAction({}, { once: true })).resolves.toBe(false);
    // Another page (another tracker) shares the history through the cookie.
    await expect(track(EVENT).trackAction({}, { once: true })).resolves.toBe(false);
    await expect(tracker.trackAction({ doc_id: 5 }, { once: true })).resolves.toBe(true);
    expect(requests).toHaveLength(2);
  });

  it('skips once even if the earlier send was a plain one', async () => {
    const requests = stubFetch(204);
    const tracker = track(EVENT);
    await tracker.trackAction();
    await expect(tracker.trackAction({}, { once: true })).resolves.toBe(false);
    expect(requests).toHaveLength(1);
  });

  it('sends a once event again after 15 minutes', async () => {
    const requests = stubFetch(204);
    const tracker = track(EVENT);
    await tracker.trackAction({}, { once: true });
    vi.advanceTimersByTime(15 * 60_000);
    await expect(tracker.trackAction({}, { once: true })).resolves.toBe(true);
    expect(requests).toHaveLength(2);
  });

  it('skips within oncePerSeconds and sends after it', async () => {
    const requests = stubFetch(204);
    const tracker = track(EVENT);
    await tracker.trackAction({}, { oncePerSeconds: 30 });
    vi.advanceTimersByTime(29_999);
    await expect(tracker.trackAction({}, { oncePerSeconds: 30 })).resolves.toBe(false);
    vi.advanceTimersByTime(1);
    await expect(tracker.trackAction({}, { oncePerSeconds: 30 })).resolves.toBe(true);
    expect(requests).toHaveLength(2);
  });

  it('does not dedupe plain events', async () => {
    const requests = stubFetch(204);
    const tracker = track(EVENT);
    await tracker.trackAction();
    await tracker.trackAction();
    await tracker.trackAction({}, { oncePerSeconds: 0 });
    expect(requests).toHaveLength(3);
  });

  it('keeps the last 20 events: the 21st-oldest can be sent once again', async () => {
    const requests = stubFetch(204);
    const tracker = track(EVENT);
    for (let i = 0; i < 21; i++) await tracker.trackAction({ related_id: i });
    await expect(tracker.trackAction({ related_id: 0 }, { once: true })).resolves.toBe(true);
    await expect(tracker.trackAction({ related_id: 2 }, { once: true })).resolves.toBe(false);
    expect(requests).toHaveLength(22);
  });

  it('survives a corrupted history cookie', async () => {
    stubFetch(204);
    writeDocumentCookie('dphst=%%%garbage; Path=/');
    await expect(track(EVENT).trackAction({}, { once: true })).resolves.toBe(true);
  });
});

describe('createTracker: scroll and presence', () => {
  it('sends scroll events of type scroll, named after the config or the type', async () => {
    const requests = stubFetch(204);
    const box = document.createElement('div');
    setScrollGeometry(box, { scrollTop: 0, clientHeight: 100, scrollHeight: 1000 });
    document.body.append(box);
    const tracker = track({ doc_id: 3 });
    tracker.startScrollTracking(box);
    setScrollGeometry(box, { scrollTop: 400 });
    box.dispatchEvent(new Event('scroll'));
    await vi.advanceTimersByTimeAsync(16);
    expect(
      payloads(requests).map(({ type, name, action, doc_id }) => ({ type, name, action, doc_id })),
    ).toEqual([
      { type: 'scroll', name: 'scroll', action: 'scroll_25', doc_id: 3 },
      { type: 'scroll', name: 'scroll', action: 'scroll_50', doc_id: 3 },
    ]);
    // Scroll events stay out of the history, so they never crowd out the app's events.
    expect(writtenFor('dphst')).toEqual([]);
    box.remove();
  });

  it('sends presence pings of type status with the meta supplied at ping time', async () => {
    const requests = stubFetch(204);
    let page = 1;
    track({
      name: 'reader',
      action_meta: { viewer: 'pdf' },
      presence: { interval: 1000, debounce: 100, meta: () => ({ page }) },
    }).startPresence();
    await vi.advanceTimersByTimeAsync(0);
    page = 2;
    await vi.advanceTimersByTimeAsync(1000);
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(100);
    expect(
      payloads(requests).map(({ type, name, action, action_meta }) => ({
        type,
        name,
        action,
        action_meta,
      })),
    ).toEqual([
      { type: 'status', name: 'reader', action: 'active', action_meta: { viewer: 'pdf', page: 1 } },
      { type: 'status', name: 'reader', action: 'active', action_meta: { viewer: 'pdf', page: 2 } },
      {
        type: 'status',
        name: 'reader',
        action: 'inactive',
        action_meta: { viewer: 'pdf', page: 2 },
      },
    ]);
  });

  it('logs a throwing meta callback and still pings', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const requests = stubFetch(204);
    track({
      presence: {
        meta: () => {
          throw new Error('viewer not ready');
        },
      },
    }).startPresence();
    await vi.advanceTimersByTimeAsync(0);
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ message: 'viewer not ready' }));
    expect(payloads(requests)[0]).toMatchObject({
      type: 'status',
      name: 'status',
      action: 'active',
    });
  });

  it('logs, rather than throws, an invalid configured id on a timer-driven ping', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const requests = stubFetch(204);
    track({ doc_id: 'abc' }).startPresence();
    await vi.advanceTimersByTimeAsync(0);
    expect(error).toHaveBeenCalledWith(expect.any(TrackerError));
    expect(requests).toEqual([]);
  });

  it('stops pinging when stopped or destroyed', async () => {
    const requests = stubFetch(204);
    const tracker = track({ presence: { interval: 1000, debounce: 0 } });
    const stop = tracker.startPresence();
    await vi.advanceTimersByTimeAsync(1000);
    expect(requests).toHaveLength(2);
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(requests).toHaveLength(2);
    tracker.startPresence();
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toHaveLength(3);
    tracker.destroy();
    await vi.advanceTimersByTimeAsync(5000);
    expect(requests).toHaveLength(3);
  });
});

describe('createTracker: pagehide and destroy', () => {
  it('sends what waits for a retry through sendBeacon on pagehide', async () => {
    const requests = stubFetch(503);
    const beacons = stubSendBeacon(true);
    const sent = track(EVENT).trackAction();
    await vi.advanceTimersByTimeAsync(0);
    window.dispatchEvent(new Event('pagehide'));
    await expect(sent).resolves.toBe(true);
    expect(beacons).toHaveLength(1);
    expect(beacons[0]?.url).toBe(ENDPOINT);
    expect(beacons[0]?.body).toEqual(requests[0]?.body);
  });

  it('destroy stops scroll and presence, flushes, and ignores later events', async () => {
    const requests = stubFetch(503, 204);
    const beacons = stubSendBeacon(true);
    const tracker = track({ ...EVENT, presence: { interval: 1000, debounce: 0 } });
    tracker.startPresence();
    tracker.startScrollTracking();
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toHaveLength(1);
    tracker.destroy();
    expect(beacons).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10_000);
    window.dispatchEvent(new Event('scroll'));
    await vi.advanceTimersByTimeAsync(16);
    expect(requests).toHaveLength(1);
    await expect(tracker.trackAction()).resolves.toBe(false);
    expect(tracker.startPresence()).toBeTypeOf('function');
    expect(tracker.startScrollTracking()).toBeTypeOf('function');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(requests).toHaveLength(1);
    window.dispatchEvent(new Event('pagehide'));
    expect(beacons).toHaveLength(1);
    expect(() => tracker.destroy()).not.toThrow();
  });
});
