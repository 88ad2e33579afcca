import { loadStatsForViewer } from '@/analytics/load-stats-for-viewer';
import { route } from '@/http/route';
import { getDb } from '@/server/server-context';
import { documentStatsContract } from './contract';

// GET /api/stats/documents/{id}?from&to&include_bots – a document's reading statistics
export const GET = route(documentStatsContract, async ({ request, params, viewer }) =>
  loadStatsForViewer(await getDb(), viewer, {
    kind: 'document',
    id: params.id,
    searchParams: new URL(request.url).searchParams,
  }),
);
