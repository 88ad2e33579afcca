import { AppError } from '@/errors/app-error';
import { readLimitedBody, SMALL_BODY_LIMIT } from '@/http/read-limited-body';

/** The body as a JSON value, at most 64 KB of it (a 413 past that), or a 400 saying what to send. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const body = await readLimitedBody(request, SMALL_BODY_LIMIT);
  try {
    return JSON.parse(new TextDecoder().decode(body));
  } catch {
    throw new AppError('bad_request', 'Send the fields as a JSON object.');
  }
}
