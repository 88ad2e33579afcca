import { loadStatsForViewer, type StatsRequest } from '@/analytics/load-stats-for-viewer';
import { getViewer } from '@/auth/get-viewer';
import { errorResponse } from '@/http/error-response';
import { getDb } from '@/server/server-context';

/** The GET handler of /api/stats/courses/{id} and /api/stats/documents/{id}: never cached. */
export function statsRoute(kind: StatsRequest['kind']) {
  return async (
    request: Request,
    { params }: { params: Promise<{ id: string }> },
  ): Promise<Response> => {
    try {
      const stats = await loadStatsForViewer(await getDb(), await getViewer(), {
        kind,
        id: (await params).id,
        searchParams: new URL(request.url).searchParams,
      });
      return Response.json(stats, { headers: { 'cache-control': 'private, no-store' } });
    } catch (error) {
      return errorResponse(error);
    }
  };
}
