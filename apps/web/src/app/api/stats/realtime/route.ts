import { loadRealtimeForViewer } from '@/dashboard/load-realtime-for-viewer';
import { route } from '@/http/route';
import { getDb } from '@/server/server-context';
import { realtimeContract } from './contract';

// GET /api/stats/realtime?course|document&include_bots – sessions of the last five minutes, for the dashboard
export const GET = route(realtimeContract, async ({ request, viewer }) =>
  loadRealtimeForViewer(await getDb(), viewer, new URL(request.url).searchParams),
);
