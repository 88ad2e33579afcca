import { z } from 'zod';
import { defineContract } from '@/http/contract';

// GET /api/health – liveness plus a database round trip, for start-up and load balancers:
// { status: 'ok' }, or 503 { status: 'unavailable', reason } with Retry-After
export const healthContract = defineContract({
  method: 'GET',
  path: '/api/health',
  response: z.object({ status: z.literal('ok') }),
});
