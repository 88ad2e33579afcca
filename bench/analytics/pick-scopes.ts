import type { AnalyticsScope } from '@coursepack/analytics/analytics-scope';
import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';

/** The busiest course and document (by events in the rollups), and the whole site. */
export async function pickScopes(db: Kysely<Database>): Promise<[string, AnalyticsScope][]> {
  const busiest = await sql<{ course_id: number; doc_id: number }>`
    SELECT
      (SELECT course_id FROM analytics_session_hours WHERE course_id IS NOT NULL
        GROUP BY course_id ORDER BY sum(events) DESC LIMIT 1) AS course_id,
      (SELECT doc_id FROM analytics_session_hours WHERE doc_id IS NOT NULL
        GROUP BY doc_id ORDER BY sum(events) DESC LIMIT 1) AS doc_id`.execute(db);
  const row = busiest.rows[0];
  if (!row) throw new Error('no activity');
  return [
    ['document', { kind: 'document', documentId: row.doc_id }],
    ['course', { kind: 'course', courseId: row.course_id }],
    ['site', { kind: 'site' }],
  ];
}
