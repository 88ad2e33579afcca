import { defineContract } from '@/http/contract';

/**
 * /api/auth/* – better-auth's documented HTTP API (sign-up, sign-in, sessions, reset…), which
 * answers its own errors; the pipeline answers only what it rethrows (the database's: a 503 while
 * it is unreachable), in better-auth's bare shape `{ code, message }`, which its client shows.
 */
const shared = { path: '/api/auth/[...all]', errorShape: 'better-auth' } as const;

export const authGetContract = defineContract({ ...shared, method: 'GET' });

// Bodies are bounded (16 KB) by the limits plugin, before better-auth reads them.
export const authPostContract = defineContract({ ...shared, method: 'POST' });
