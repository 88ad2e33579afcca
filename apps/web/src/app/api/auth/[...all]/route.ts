import { toNextJsHandler } from 'better-auth/next-js';
import { getAuth } from '@/auth/auth-instance';
import { errorHeaders, toErrorBody } from '@/http/error-response';

// /api/auth/* – better-auth's documented HTTP API (sign-up, sign-in, sessions, reset…).
export async function GET(request: Request): Promise<Response> {
  return answer(() => toNextJsHandler(getAuth()).GET(request));
}

// Bodies are bounded (16 KB) by the limits plugin, before better-auth reads them.
export async function POST(request: Request): Promise<Response> {
  return answer(() => toNextJsHandler(getAuth()).POST(request));
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
