import { loadStatsForViewer } from '@/analytics/load-stats-for-viewer';
import { route } from '@/http/route';
import { getDb } from '@/server/server-context';
import { courseStatsContract } from './contract';

// GET /api/stats/courses/{id}?from&to&include_bots – a course's reading statistics
export const GET = route(courseStatsContract, async ({ request, params, viewer }) =>
  loadStatsForViewer(await getDb(), viewer, {
    kind: 'course',
    id: params.id,
    searchParams: new URL(request.url).searchParams,
  }),
);
