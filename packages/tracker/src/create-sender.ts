import { MAX_RETRIES, RETRY_BASE_DELAY_MS } from './constants';

export interface Sender {
  /** POSTs one JSON body; resolves `true` on 2xx, `false` otherwise. Never rejects. */
  send(endpoint: string, body: string): Promise<boolean>;
  /**
   * Sends every body waiting out a retry back-off right away through `sendBeacon` (on `pagehide`
   * and `destroy`), resolving its promise with whether the browser took it.
   */
  flush(): void;
}

// The body goes out as a string, so the browser labels it text/plain: a CORS "simple request"
// with no preflight round trip. The collector parses text/plain bodies as JSON. `keepalive` lets
// a send outlive the page (browsers cap such bodies at 64 KiB, far above any real event).
const post = (endpoint: string, body: string) =>
  fetch(endpoint, { method: 'POST', credentials: 'include', keepalive: true, body });

export function createSender(): Sender {
  // Each waiting body's "send it now" function, keyed by its back-off timer.
  const waiting = new Map<ReturnType<typeof setTimeout>, () => void>();

  const send = (endpoint: string, body: string) =>
    new Promise<boolean>((resolve) => {
      const attempt = async (retries: number) => {
        try {
          const response = await post(endpoint, body);
          // Only overload and server faults are worth repeating; a 4xx will not change.
          if (response.status !== 429 && response.status < 500) return resolve(response.ok);
        } catch {
          // Network failure: retried like a 5xx.
        }
        if (retries >= MAX_RETRIES) {
          console.warn('Too many retries, aborting');
          return resolve(false);
        }
        // Jitter spreads the retries of many pages hitting one struggling collector.
        const timer = setTimeout(
          () => {
            waiting.delete(timer);
            attempt(retries + 1);
          },
          RETRY_BASE_DELAY_MS * 2 ** retries * (1 + Math.random()),
        );
        // sendBeacon answers false when the browser's quota for unload-time sends (shared with
        // keepalive fetches) is used up; nothing else would get through either.
        waiting.set(timer, () => resolve(!!navigator.sendBeacon?.(endpoint, body)));
      };
      attempt(0);
    });

  const flush = () => {
    for (const [timer, sendNow] of waiting) {
      clearTimeout(timer);
      try {
        sendNow();
      } catch {
        // sendBeacon throws on an endpoint that is not a URL; that event is lost either way.
      }
    }
    waiting.clear();
  };

  return { send, flush };
}
