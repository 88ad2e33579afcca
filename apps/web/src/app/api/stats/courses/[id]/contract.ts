import { statsContract } from '@/app/api/stats/stats-contract';

// GET /api/stats/courses/{id}?from&to&include_bots – a course's reading statistics
export const courseStatsContract = statsContract('/api/stats/courses/[id]');
