import { getViewer } from '@/auth/get-viewer';
import { loadRealtimeForViewer } from '@/dashboard/load-realtime-for-viewer';
import { errorResponse } from '@/http/error-response';
import { getDb } from '@/server/server-context';

// GET /api/stats/realtime?course|document&include_bots – sessions of the last five minutes, for the dashboard
export async function GET(request: Request): Promise<Response> {
  try {
    const realtime = await loadRealtimeForViewer(
      await getDb(),
      await getViewer(),
      new URL(request.url).searchParams,
    );
    return Response.json(realtime, { headers: { 'cache-control': 'private, no-store' } });
  } catch (error) {
    return errorResponse(error);
  }
}
