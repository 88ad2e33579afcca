import { createReadStream } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OriginalDelivery } from '../deliver/delivery-service';
import { matchesEtag } from '../deliver/hot-answers';
import { MediaError } from '../media-error';
import { headerValue } from './answer-headers';

/**
 * The single byte range a `Range` header asks for, or undefined for the whole file (no header,
 * several ranges, or an `If-Range` naming another version). Unsatisfiable ranges throw 416.
 */
function requestedRange(
  request: FastifyRequest,
  etag: string,
  size: number,
): { start: number; end: number } | undefined {
  const header = headerValue(request.headers.range);
  const ifRange = headerValue(request.headers['if-range']);
  if (!header || (ifRange !== undefined && ifRange !== etag)) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const [first, last] = [match[1] as string, match[2] as string];
  const start = first === '' ? Math.max(0, size - Number(last)) : Number(first);
  const end = first === '' || last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) {
    throw new MediaError(
      'range_not_satisfiable',
      `Range not satisfiable: ${header} (the file has ${size} bytes)`,
    );
  }
  return { start, end };
}

/** The stored original, byte for byte, with ETag revalidation and single byte ranges. */
export function sendOriginal(
  request: FastifyRequest,
  reply: FastifyReply,
  original: OriginalDelivery,
): FastifyReply {
  reply.header('accept-ranges', 'bytes').header('x-media-cache', 'original');
  const ifNoneMatch = headerValue(request.headers['if-none-match']);
  if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, original.etag)) {
    return reply.code(304).send();
  }
  reply.type(original.contentType);
  let range: { start: number; end: number } | undefined;
  try {
    range = requestedRange(request, original.etag, original.bytes);
  } catch (error) {
    reply.header('content-range', `bytes */${original.bytes}`);
    throw error;
  }
  if (!range) {
    return reply.header('content-length', original.bytes).send(createReadStream(original.path));
  }
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${original.bytes}`)
    .header('content-length', range.end - range.start + 1)
    .send(createReadStream(original.path, range));
}
