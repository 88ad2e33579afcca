import { AppError } from './app-error';
import { formatBytes } from './format';
import { JSON_BODY_MAX_BYTES, readLimitedBody } from './read-limited-body';

/** The body as a JSON value, at most `maxBytes` of it (a 413 past that), or a 400 saying what to send. */
export async function readJsonBody(
  request: Request,
  maxBytes: number = JSON_BODY_MAX_BYTES,
): Promise<unknown> {
  const body = await readLimitedBody(request, {
    maxBytes,
    tooLargeMessage: `The request body is too large; the limit is ${formatBytes(maxBytes)}.`,
  });
  try {
    return JSON.parse(new TextDecoder().decode(body));
  } catch {
    throw new AppError('bad_request', 'Send the fields as a JSON object.');
  }
}
