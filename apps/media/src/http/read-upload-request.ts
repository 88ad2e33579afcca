import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { MediaConfig } from '../config';
import { MediaError } from '../media-error';
import { bodyTooLarge, maxBodyBytes } from './body-limits';

export type Fields = Record<string, string>;

export interface UploadRequest {
  fields: Fields;
  file?: Uint8Array;
  filename?: string;
}

/** Form fields as Cloudinary's SDKs send them; `tags[]`-style arrays join with commas. */
function normaliseFields(entries: Iterable<[string, unknown]>): Fields {
  const fields: Fields = {};
  for (const [rawKey, value] of entries) {
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      continue;
    }
    const key = rawKey.endsWith('[]') ? rawKey.slice(0, -2) : rawKey;
    fields[key] =
      key in fields && rawKey.endsWith('[]') ? `${fields[key]},${value}` : String(value);
  }
  return fields;
}

/** Form or JSON fields of an API call (GET carries them in the query instead). */
export function readBodyFields(body: unknown): Fields {
  return body instanceof URLSearchParams
    ? normaliseFields(body.entries())
    : normaliseFields(Object.entries((body as Record<string, unknown> | undefined) ?? {}));
}

/** The fields a signature covers: all but the file. */
export function unsignedParams(fields: Fields): Fields {
  const { file: _file, ...rest } = fields;
  return rest;
}

/** A `file` sent as a field: a base64 data URI (remote URLs would let callers make us fetch). */
function decodeFileField(value: string): Uint8Array {
  const match = /^data:[\w.+-]+\/[\w.+-]+(?:;[\w-]+=[\w.-]+)*;base64,([A-Za-z0-9+/=\s]*)$/.exec(
    value,
  );
  if (match) return Buffer.from(match[1] as string, 'base64');
  if (/^(https?|s3|gs|ftp):/i.test(value)) {
    throw new MediaError(
      'invalid_request',
      'Remote file URLs are not supported; upload the file itself',
    );
  }
  throw new MediaError(
    'invalid_request',
    'Invalid file: expected a file part or a base64 data URI',
  );
}

/**
 * Stops reading a multipart body once it passes the limit, however it is sent (chunked, or
 * longer than it said): the multipart reader fails with 413 and, the body being unread, the
 * answer closes the connection (`sendError`). Fastify counts the bodies it parses itself.
 */
function stopAtLimit(raw: IncomingMessage, config: MediaConfig): () => void {
  const limit = maxBodyBytes(config);
  let received = 0;
  const count = (chunk: Buffer) => {
    received += chunk.byteLength;
    if (received <= limit) return;
    raw.off('data', count);
    raw.unpipe();
    raw.pause();
    // The multipart reader listens for request errors and ends its parts with this one.
    raw.emit('error', bodyTooLarge(config));
  };
  raw.on('data', count);
  return () => raw.off('data', count);
}

/**
 * Multipart parsing errors: our own and Fastify's limit errors (codes `FST_…`) keep their
 * meaning; anything else is the parser giving up on a malformed or truncated body, which is
 * the client's fault, not a 500.
 */
function fromMultipartError(error: unknown): unknown {
  if (error instanceof MediaError) return error;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('FST_')) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new MediaError('invalid_request', `Malformed multipart body: ${reason}`, {
    cause: error,
  });
}

/** An upload API call's fields and file: multipart, form-encoded or JSON. */
export async function readUploadRequest(
  request: FastifyRequest,
  config: MediaConfig,
): Promise<UploadRequest> {
  if (request.isMultipart()) {
    const stopCounting = stopAtLimit(request.raw, config);
    const entries: [string, unknown][] = [];
    let file: Uint8Array | undefined;
    let filename: string | undefined;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file' || file) {
            await part.toBuffer();
            throw new MediaError('invalid_request', `Unexpected file field ${part.fieldname}`);
          }
          file = await part.toBuffer();
          filename = part.filename;
        } else {
          entries.push([part.fieldname, part.value]);
        }
      }
    } catch (error) {
      throw fromMultipartError(error);
    } finally {
      stopCounting();
    }
    const fields = normaliseFields(entries);
    if (!file && fields.file) file = decodeFileField(fields.file);
    return { fields, file, filename };
  }
  const fields = readBodyFields(request.body);
  return { fields, file: fields.file ? decodeFileField(fields.file) : undefined };
}
