import { AppError } from '@/errors/app-error';
import { formatBytes } from '@/format/format-numbers';

/** JSON bodies are a handful of fields; anything near this size is not a form someone filled in. */
export const JSON_BODY_MAX_BYTES = 64 * 1024;
/** Room for a multipart form's framing and its small fields beside the file. */
export const FORM_OVERHEAD_BYTES = 64 * 1024;

export interface BodyLimit {
  maxBytes: number;
  /** What a 413 says; it should name the limit, so the sender knows what would fit. */
  tooLargeMessage: string;
}

/** The limit of JSON bodies and of the small forms (the follow and bookmark buttons). */
export const SMALL_BODY_LIMIT: BodyLimit = {
  maxBytes: JSON_BODY_MAX_BYTES,
  tooLargeMessage: `The request body is too large; the limit is ${formatBytes(JSON_BODY_MAX_BYTES)}.`,
};

/**
 * The whole body, never more than `maxBytes` of it: a declared `Content-Length` over the limit is
 * refused before a byte is read, and a body without one (chunked) is refused as soon as it passes
 * the limit. Routes call this only after checking who is asking, so a stranger's body is never
 * read at all.
 */
export async function readLimitedBody(
  request: Request,
  limit: BodyLimit,
): Promise<Uint8Array<ArrayBuffer>> {
  const tooLarge = () =>
    new AppError('payload_too_large', limit.tooLargeMessage, { limitBytes: limit.maxBytes });
  if (Number(request.headers.get('content-length') ?? 0) > limit.maxBytes) throw tooLarge();
  if (!request.body) return new Uint8Array(0);

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      // Stop pulling, but do not cancel: cancelling destroys the socket, and the sender would
      // see a reset instead of the 413 that says what the limit is. The rest stays unread in
      // the socket under back-pressure, so memory does not grow with it.
      if (received > limit.maxBytes) throw tooLarge();
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('bad_request', 'The request body could not be read; send it again.');
  } finally {
    reader.releaseLock();
  }
  const body = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** The body as form data (multipart or url-encoded); `unreadableMessage` is the 400 otherwise. */
export async function readLimitedForm(
  request: Request,
  limit: BodyLimit,
  unreadableMessage: string,
): Promise<FormData> {
  const body = await readLimitedBody(request, limit);
  const contentType = request.headers.get('content-type') ?? '';
  try {
    return await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new AppError('bad_request', unreadableMessage);
  }
}
