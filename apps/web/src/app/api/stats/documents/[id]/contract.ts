import { statsContract } from '@/app/api/stats/stats-contract';

// GET /api/stats/documents/{id}?from&to&include_bots – a document's reading statistics
export const documentStatsContract = statsContract('/api/stats/documents/[id]');
