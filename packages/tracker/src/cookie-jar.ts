/**
 * Where cookie strings are written (default: `document.cookie`). Tests pass one that records
 * what the tracker writes — `document.cookie` never shows attributes back — and hosts with a
 * cookie API of their own can route writes through it. Reads always use `document.cookie`.
 */
export type CookieWriter = (cookie: string) => void;

export const writeDocumentCookie: CookieWriter = (cookie) => {
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and missing from the browsers the tracker supports
    document.cookie = cookie;
  } catch {
    // Sandboxed frames throw on cookie access: track without cookies rather than break the page.
  }
};

/**
 * The decoded value of the first cookie called `name`, or `undefined` when there is none or it
 * cannot be read: `document.cookie` throws (sandboxed frames) or the value is not valid
 * percent-encoding. `onError` hears about the failures worth a log line.
 */
export function readCookie(name: string, onError?: (error: unknown) => void): string | undefined {
  try {
    for (const pair of document.cookie.split(';')) {
      const eq = pair.indexOf('=');
      if (eq > 0 && pair.slice(0, eq).trim() === name) {
        return decodeURIComponent(pair.slice(eq + 1).trim());
      }
    }
  } catch (error) {
    onError?.(error);
  }
  return undefined;
}
