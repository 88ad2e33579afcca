import { toNextJsHandler } from 'better-auth/next-js';
import { getAuth } from '@/auth/auth-instance';

// /api/auth/* – better-auth's documented HTTP API (sign-up, sign-in, sessions, reset…).
export async function GET(request: Request): Promise<Response> {
  return toNextJsHandler(getAuth()).GET(request);
}

export async function POST(request: Request): Promise<Response> {
  return toNextJsHandler(getAuth()).POST(request);
}
