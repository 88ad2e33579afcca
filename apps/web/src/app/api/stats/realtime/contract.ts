import type { RealtimeSessions } from '@coursepack/analytics/queries/get-realtime-sessions';
import { z } from 'zod';
import { defineContract } from '@/http/contract';

// GET /api/stats/realtime?course|document&include_bots – sessions of the last five minutes, for
// the dashboard. The query is read by loadRealtimeForViewer in the stats API's order (400 naming
// the parameter, then 404 — an id beyond 2147483647 included — then 403).
export const realtimeContract = defineContract({
  method: 'GET',
  path: '/api/stats/realtime',
  query: z.object({
    course: z.string().optional(),
    document: z.string().optional(),
    include_bots: z.string().optional(),
  }),
  auth: 'viewer',
  unauthorized: 'Sign in to see statistics.',
  headers: { 'cache-control': 'private, no-store' },
  response: z.custom<RealtimeSessions>(),
});
