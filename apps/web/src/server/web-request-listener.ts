import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TrustProxy } from '@coursepack/trust-proxy/trust-proxy';
import type { ErrorBody } from '../http/error-response';
import { isDatabaseKnownDown, RETRY_AFTER_SECONDS } from './database-health';
import { normalizeForwardedHeaders } from './normalize-forwarded-headers';
import { type SiteOrigins, siteUrlRedirect } from './redirect-to-site-url';

/** Next's request handler, or anything that answers a request the way it does. */
export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

/** Only the API's mutations take a body; every API route caps its own (http/read-limited-body). */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

const NO_BODY_MESSAGE = 'This address takes no request body; send the request without one.';

/** Where `next dev`'s error overlay posts (stack frames); production answers them 404. */
const DEV_TOOL_PREFIX = '/__nextjs';

/** Whether a request to this method and path may carry a body at all. */
export function takesBody(
  method: string | undefined,
  url: string | undefined,
  dev = false,
): boolean {
  const pathname = (url ?? '/').split('?')[0] ?? '/';
  if (dev && pathname.startsWith(DEV_TOOL_PREFIX)) return true;
  return BODY_METHODS.has(method ?? 'GET') && (pathname === '/api' || pathname.startsWith('/api/'));
}

/** A declared length above zero, or a chunked body (whose length nobody knows yet). */
function hasBody(request: IncomingMessage): boolean {
  if (request.headers['transfer-encoding'] !== undefined) return true;
  return Number(request.headers['content-length'] ?? 0) > 0;
}

/** A 413 without reading a byte, on a connection that then closes instead of draining the body. */
function refuseBody(request: IncomingMessage, response: ServerResponse): void {
  const isApi = (request.url ?? '/').startsWith('/api/');
  const body: ErrorBody = {
    error: { code: 'payload_too_large', message: NO_BODY_MESSAGE, limitBytes: 0 },
  };
  const text = isApi ? JSON.stringify(body) : `${NO_BODY_MESSAGE}\n`;
  response.writeHead(413, {
    'content-type': isApi ? 'application/json' : 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    connection: 'close',
  });
  response.end(text);
}

/**
 * Two corrections to every answer's head, made where it is written:
 * - `Connection: close` whenever the answer goes out before the request's body was read to its
 *   end (a route's 413, a 401 before the body): otherwise Node, to reuse the connection, would
 *   read and discard whatever the client still sends, gigabytes included.
 * - a page's 500 is a 503 with Retry-After when it failed because PostgreSQL is unreachable (the
 *   render's error raised the flag through `onRequestError`): Next has no way to give a page
 *   another status, and the error page it rendered already says to try again in a moment.
 */
function correctAnswerHead(request: IncomingMessage, response: ServerResponse): void {
  const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => ServerResponse;
  response.writeHead = ((status: number, ...rest: unknown[]) => {
    if (!request.complete) response.setHeader('connection', 'close');
    if (status !== 500 || !isDatabaseKnownDown()) return writeHead(status, ...rest);
    response.setHeader('retry-after', String(RETRY_AFTER_SECONDS));
    response.setHeader('cache-control', 'no-store');
    // A status message of Next's own would say "Internal Server Error".
    const headers = rest.find((item) => typeof item === 'object');
    return writeHead(503, 'Service Unavailable', ...(headers ? [headers] : []));
  }) as ServerResponse['writeHead'];
}

/**
 * What the web server does with each request before Next sees it: the client's address resolved
 * per TRUST_PROXY, `X-Content-Type-Options: nosniff` on every answer (page text, JSON and files
 * are never to be read as HTML), and a body refused at once (413, nothing read) where the request
 * takes none — every page, and every GET, HEAD, DELETE or OPTIONS: Next would otherwise read it
 * to the end before answering. A page asked for on another of the site's origins (`site`) is
 * sent to SITE_URL (redirect-to-site-url.ts). Then `correctAnswerHead`.
 */
export function createWebRequestListener(
  handle: RequestHandler,
  { trustProxy, dev = false, site }: { trustProxy: TrustProxy; dev?: boolean; site?: SiteOrigins },
) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    normalizeForwardedHeaders(request, trustProxy);
    response.setHeader('x-content-type-options', 'nosniff');
    const location = site ? siteUrlRedirect(request, site) : null;
    if (location) {
      // Remembered for a while, not for good: the operator may change SITE_URL.
      response.writeHead(308, { location, 'cache-control': 'public, max-age=3600' });
      response.end();
      return;
    }
    if (!takesBody(request.method, request.url, dev) && hasBody(request)) {
      refuseBody(request, response);
      return;
    }
    correctAnswerHead(request, response);
    handle(request, response).catch((error: unknown) => {
      // Next answers its own errors; one that escapes must not take the process down.
      console.error(error);
      if (!response.headersSent) response.statusCode = 500;
      response.end();
    });
  };
}
