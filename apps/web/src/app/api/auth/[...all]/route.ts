import { toNextJsHandler } from 'better-auth/next-js';
import { getAuth } from '@/auth/auth-instance';
import { route } from '@/http/route';
import { authGetContract, authPostContract } from './contract';

// GET /api/auth/* – better-auth's documented HTTP API (sessions, callbacks…)
export const GET = route(authGetContract, ({ request }) => toNextJsHandler(getAuth()).GET(request));

// POST /api/auth/* – sign-up, sign-in, sign-out, reset…; bodies bounded by the limits plugin
export const POST = route(authPostContract, ({ request }) =>
  toNextJsHandler(getAuth()).POST(request),
);
