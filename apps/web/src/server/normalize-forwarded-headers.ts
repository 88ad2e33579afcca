import type { IncomingMessage } from 'node:http';
import {
  isTrustedPeer,
  resolveClientAddress,
  type TrustProxy,
} from '@coursepack/trust-proxy/trust-proxy';

/**
 * The header that carries the client's address to route handlers, better-auth and every rate
 * limit: after `normalizeForwardedHeaders` it holds exactly one address, resolved per
 * TRUST_PROXY.
 */
export const CLIENT_ADDRESS_HEADER = 'x-forwarded-for';

/** Headers a client could use to pass for another host or scheme, or another address. */
const PROXY_ONLY_HEADERS = ['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port'];
const SPOOFABLE_ADDRESS_HEADERS = ['x-real-ip', 'forwarded'];

/**
 * Rewrites a request's forwarding headers before Next sees it. Next copies the socket's address
 * into X-Forwarded-For only when the client sent none, and route handlers never see the socket,
 * so without this a client picks its own address (and its own rate-limit bucket) by sending
 * the header. Here, where the socket is visible, X-Forwarded-For becomes the one resolved client
 * address, and X-Forwarded-Host/Proto/Port survive only from a trusted proxy (Next fills them in
 * from the connection otherwise).
 */
export function normalizeForwardedHeaders(request: IncomingMessage, trust: TrustProxy): void {
  const { headers } = request;
  const peer = request.socket.remoteAddress ?? '';
  const forwardedFor = headers[CLIENT_ADDRESS_HEADER];
  headers[CLIENT_ADDRESS_HEADER] = resolveClientAddress(
    peer,
    Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor,
    trust,
  );
  for (const name of SPOOFABLE_ADDRESS_HEADERS) delete headers[name];
  if (!isTrustedPeer(peer, trust)) {
    for (const name of PROXY_ONLY_HEADERS) delete headers[name];
  }
}
