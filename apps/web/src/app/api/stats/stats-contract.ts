import type { ContentStats } from '@coursepack/analytics/queries/get-content-stats';
import { z } from 'zod';
import { defineContract } from '@/http/contract';

/**
 * The contract of GET /api/stats/{documents|courses}/{id} (docs/stats-api.md). The id and the
 * query are read by loadStatsForViewer, in the documented order (401, then 400 naming the
 * parameter, then 404 — an id beyond 2147483647 included — then 403); the schemas here say what
 * may be sent.
 */
export function statsContract<const Path extends string>(path: Path) {
  return defineContract({
    method: 'GET',
    path,
    params: z.object({ id: z.string() }),
    query: z.object({
      from: z.string().optional(),
      to: z.string().optional(),
      include_bots: z.string().optional(),
    }),
    auth: 'viewer',
    unauthorized: 'Sign in to see statistics.',
    headers: { 'cache-control': 'private, no-store' },
    response: z.custom<ContentStats>(),
  });
}
