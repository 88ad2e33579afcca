import { statsRoute } from '@/app/api/stats/stats-route';

// GET /api/stats/courses/{id}?from&to&include_bots – a course's reading statistics
export const GET = statsRoute('course');
