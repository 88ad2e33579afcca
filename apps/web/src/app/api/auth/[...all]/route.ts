import { toNextJsHandler } from 'better-auth/next-js';
import { AUTH_BODY_LIMIT } from '@/auth/account-field-limits';
import { getAuth } from '@/auth/auth-instance';
import { errorHeaders, toErrorBody } from '@/lib/app-error';
import { readLimitedBody } from '@/lib/read-limited-body';

// /api/auth/* – better-auth's documented HTTP API (sign-up, sign-in, sessions, reset…).
export async function GET(request: Request): Promise<Response> {
  return answer(() => toNextJsHandler(getAuth()).GET(request));
}

export async function POST(request: Request): Promise<Response> {
  return answer(async () => {
    // Its bodies are a few JSON fields from anyone at all: read at most 16 KB of them.
    const body = await readLimitedBody(request, AUTH_BODY_LIMIT);
    return toNextJsHandler(getAuth()).POST(new Request(request, { body }));
  });
}

/**
 * better-auth answers its own errors but rethrows the database's: ours to answer (a 503 while it
 * is unreachable), in better-auth's shape `{ code, message }`, which its client shows.
 */
async function answer(handle: () => Promise<Response>): Promise<Response> {
  try {
    return await handle();
  } catch (error) {
    const { status, body } = toErrorBody(error);
    return Response.json(body.error, { status, headers: errorHeaders(status, error) });
  }
}
