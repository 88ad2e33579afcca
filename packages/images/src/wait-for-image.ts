/**
 * The image readiness check (docs/media.md, "The 423 protocol"): after an image failed to load,
 * request its URL and read the media service's answer. 423 means the derivation is still
 * running: ask again every 500 ms until it is ready or the maximum wait is over. Any other
 * non-success is a failure; a network failure counts as status 500 "Network error".
 */

export const IMAGE_RETRY_INTERVAL_MS = 500;
export const DEFAULT_IMAGE_MAX_WAIT_MS = 30_000;

export type ImageCheckResult = { ok: true } | { ok: false; status: number; message: string };

export interface WaitForImageOptions {
  retryIntervalMs?: number;
  /** Upper bound on the time spent polling while the service answers 423. */
  maxWaitMs?: number;
  signal?: AbortSignal;
  fetch?: typeof globalThis.fetch;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
}

function sleepFor(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function describeFailure(response: Response): string {
  return (
    response.headers.get('x-cld-error') ||
    response.statusText ||
    `Request failed with status ${response.status}`
  );
}

/** One readiness request. Never throws for delivery problems; rethrows only an abort. */
export async function checkImage(
  url: string,
  options: Pick<WaitForImageOptions, 'fetch' | 'signal'> = {},
): Promise<{ status: number; message: string }> {
  const doFetch = options.fetch ?? globalThis.fetch;
  let response: Response;
  try {
    response = await doFetch(url, { cache: 'no-store', signal: options.signal });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return { status: 500, message: 'Network error' };
  }
  // Only the status line and headers matter; do not download the image twice.
  await response.body?.cancel().catch(() => undefined);
  return { status: response.status, message: response.ok ? '' : describeFailure(response) };
}

export async function waitForImage(
  url: string,
  options: WaitForImageOptions = {},
): Promise<ImageCheckResult> {
  const interval = options.retryIntervalMs ?? IMAGE_RETRY_INTERVAL_MS;
  const maxWait = options.maxWaitMs ?? DEFAULT_IMAGE_MAX_WAIT_MS;
  const sleep = options.sleep ?? sleepFor;
  const now = options.now ?? Date.now;
  const startedAt = now();
  for (;;) {
    const { status, message } = await checkImage(url, options);
    if (status >= 200 && status < 300) return { ok: true };
    if (status !== 423 || now() - startedAt + interval > maxWait) {
      return { ok: false, status, message };
    }
    await sleep(interval, options.signal);
  }
}

/** The reload URL: a timestamp defeats the browser's memory of the failed load. */
export function appendTimestamp(url: string, timestamp: number = Date.now()): string {
  const hashIndex = url.indexOf('#');
  const base = hashIndex === -1 ? url : url.slice(0, hashIndex);
  const hash = hashIndex === -1 ? '' : url.slice(hashIndex);
  return `${base}${base.includes('?') ? '&' : '?'}_t=${timestamp}${hash}`;
}
