import type { FastifyRequest } from 'fastify';

/** The path as sent, undecoded: query strings (the SDKs' ?_a=, reload timestamps) are ignored. */
export function requestPath(request: FastifyRequest): string {
  return (request.raw.url ?? '').split('?')[0] as string;
}
