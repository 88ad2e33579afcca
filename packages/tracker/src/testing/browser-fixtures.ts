// Test helpers for the jsdom environment (not part of the package's exports).
import { vi } from 'vitest';

declare global {
  // Vitest's jsdom environment exposes its JSDOM instance as `jsdom`.
  var jsdom: { reconfigure(options: { url?: string }): void };
}

export const DEFAULT_URL = 'https://app.coursepack.test/courses/7?utm_source=news';

/** Moves the page to `url` (any host) without a navigation, as a landing on that URL. */
export function setUrl(url: string): void {
  globalThis.jsdom.reconfigure({ url });
}

/** Expires every cookie the page can see, host-only and on each parent domain. */
export function clearCookies(): void {
  const labels = location.hostname.split('.');
  const domains = [''];
  for (let i = 0; i < labels.length - 1; i++) domains.push(`; Domain=${labels.slice(i).join('.')}`);
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (!name) continue;
    for (const domain of domains) {
      // biome-ignore lint/suspicious/noDocumentCookie: the tracker writes through document.cookie, so its tests clear the same jar
      document.cookie = `${name}=; Path=/; Max-Age=0${domain}`;
      // biome-ignore lint/suspicious/noDocumentCookie: as above, for the cookies written with Secure
      document.cookie = `${name}=; Path=/; Max-Age=0; Secure${domain}`;
    }
  }
}

/** Sets `document.referrer` for the code under test. */
export function setReferrer(referrer: string): void {
  Object.defineProperty(document, 'referrer', { configurable: true, get: () => referrer });
}

let visibility: DocumentVisibilityState = 'visible';

/** Makes the page hidden or visible and fires `visibilitychange`, as a tab switch does. */
export function setVisibility(state: DocumentVisibilityState): void {
  visibility = state;
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => visibility,
  });
  document.dispatchEvent(new Event('visibilitychange'));
}

export function resetVisibility(): void {
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => visibility,
  });
}

export interface RecordedRequest {
  url: string;
  init: RequestInit;
  body: Record<string, unknown>;
}

/**
 * Replaces `fetch` with one that records each request and answers with the next status from
 * `statuses` (the last one repeats); a status of 0 is a network failure.
 */
export function stubFetch(...statuses: number[]): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  const answers = statuses.length ? statuses : [204];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push({ url, init, body: JSON.parse(init.body as string) });
      const status = answers[Math.min(requests.length - 1, answers.length - 1)] as number;
      if (status === 0) throw new TypeError('Failed to fetch');
      return new Response(null, { status });
    }),
  );
  return requests;
}

/** Installs `navigator.sendBeacon` (jsdom has none) recording what it is given. */
export function stubSendBeacon(accept = true): Array<{ url: string; body: unknown }> {
  const beacons: Array<{ url: string; body: unknown }> = [];
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: vi.fn((url: string, body: string) => {
      beacons.push({ url, body: JSON.parse(body) });
      return accept;
    }),
  });
  return beacons;
}

export function removeSendBeacon(): void {
  Reflect.deleteProperty(navigator, 'sendBeacon');
}

/** Gives an element (or the document element) the scroll geometry jsdom does not lay out. */
export function setScrollGeometry(
  element: Element,
  geometry: { scrollTop?: number; clientHeight?: number; scrollHeight?: number },
): void {
  for (const [key, value] of Object.entries(geometry)) {
    Object.defineProperty(element, key, { configurable: true, writable: true, value });
  }
}
