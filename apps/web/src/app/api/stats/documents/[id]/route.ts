import { statsRoute } from '@/app/api/stats/stats-route';

// GET /api/stats/documents/{id}?from&to&include_bots – a document's reading statistics
export const GET = statsRoute('document');
