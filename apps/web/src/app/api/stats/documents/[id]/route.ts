import { loadStatsForViewer } from '@/analytics/load-stats-for-viewer';
import { getViewer } from '@/auth/get-viewer';
import { errorResponse } from '@/lib/app-error';
import { getDb } from '@/lib/server-context';

// GET /api/stats/documents/{id}?from&to&include_bots – a document's reading statistics
export async function GET(
  request: Request,
  { params }: { params: Promise<{ id: string }> },
): Promise<Response> {
  try {
    const stats = await loadStatsForViewer(await getDb(), await getViewer(), {
      kind: 'document',
      id: (await params).id,
      searchParams: new URL(request.url).searchParams,
    });
    return Response.json(stats, { headers: { 'cache-control': 'private, no-store' } });
  } catch (error) {
    return errorResponse(error);
  }
}
