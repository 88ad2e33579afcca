import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MediaError } from '../media-error';
import { EVERY_ANSWER_HEADERS } from './answer-headers';

/** How long, and how much of, the rest of a refused body is read and dropped before closing. */
const LINGER_MS = 2_000;
const LINGER_BYTES = 16 * 1024 * 1024;

/**
 * An answer sent before its request's body was read (a refused upload). Node would read the
 * rest to its end to keep the connection (gigabytes, for a hostile upload); closing at once
 * resets a connection whose body is still arriving, and the client may lose the answer. So,
 * as nginx's lingering close does, the rest is read and dropped for a moment, then the
 * connection is closed (kept when the body ends meanwhile).
 */
function closeAfterAnswer(raw: IncomingMessage, response: ServerResponse): void {
  response.once('finish', () => {
    if (raw.complete) return;
    // Destroying a request whose body is unfinished closes its connection.
    const close = () => raw.destroy();
    const timer = setTimeout(close, LINGER_MS).unref();
    raw.socket?.once('close', () => clearTimeout(timer));
    raw.once('end', () => clearTimeout(timer));
    let discarded = 0;
    raw.on('data', (chunk: Buffer) => {
      discarded += chunk.byteLength;
      if (discarded > LINGER_BYTES) close();
    });
    raw.resume();
  });
}

/**
 * Header values must be Latin-1 and Node refuses anything outside it (a `–` in a message once
 * turned a clean 400 into a framework error): keep printable ASCII, percent-encode the rest.
 */
function toHeaderValue(message: string): string {
  return message.replace(/[^\x20-\x7e]/gu, (character) => encodeURIComponent(character));
}

/**
 * An error as Cloudinary answers it: JSON `{ error: { message } }` on the API, the reason in
 * `x-cld-error` (and as plain text) on delivery.
 */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: MediaError,
): FastifyReply {
  // Set here as well as in onRequest: errors Fastify raises before routing skip the hooks.
  reply.headers(EVERY_ANSWER_HEADERS);
  if (!request.raw.complete) closeAfterAnswer(request.raw, reply.raw);
  if (request.url.startsWith('/v1_1/')) {
    return reply.code(error.status).send({ error: { message: error.message } });
  }
  return reply
    .code(error.status)
    .header('x-cld-error', toHeaderValue(error.message))
    .header('cache-control', error.status === 423 || error.status === 503 ? 'no-store' : 'no-cache')
    .header('retry-after', error.status === 423 ? '1' : error.retryAfterSeconds?.toString())
    .type('text/plain; charset=utf-8')
    .send(error.message);
}
