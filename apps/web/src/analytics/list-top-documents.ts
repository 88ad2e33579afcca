import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';
import type { AnalyticsOptions, AnalyticsScope } from './analytics-scope';
import { selectAnalyticsRows } from './select-analytics-rows';
import type { StatsRange } from './stats-range';

export interface TopDocument {
  documentId: number;
  /** Null when the document has since been deleted. */
  title: string | null;
  courseId: number | null;
  courseTitle: string | null;
  sessions: number;
  views: number;
  activeSeconds: number;
  /** Mean furthest scroll depth of its reads (0–100). */
  averageDepth: number;
}

/** Documents by sessions (then views), most read first. */
export async function listTopDocuments(
  db: Kysely<Database>,
  scope: AnalyticsScope,
  range: StatsRange,
  options: AnalyticsOptions & { limit?: number } = {},
): Promise<TopDocument[]> {
  const rows = selectAnalyticsRows('sessions', scope, range, options);
  const result = await sql<{
    doc_id: number;
    title: string | null;
    course_id: number | null;
    course_title: string | null;
    sessions: number;
    views: number;
    active_ms: number;
    average_depth: number;
  }>`
    WITH reads AS (
      SELECT doc_id, session_id, sum(views) AS views, sum(active_ms) AS active_ms,
        max(max_depth) AS depth
      FROM ${rows} AS r
      WHERE doc_id IS NOT NULL
      GROUP BY doc_id, session_id
    ),
    top AS (
      SELECT doc_id, count(*) AS sessions, sum(views) AS views, sum(active_ms) AS active_ms,
        avg(depth) AS average_depth
      FROM reads
      GROUP BY doc_id
      ORDER BY sessions DESC, views DESC, doc_id
      LIMIT ${options.limit ?? 10}
    )
    SELECT top.*, d.title, d.course_id, c.title AS course_title
    FROM top
    LEFT JOIN documents AS d ON d.id = top.doc_id
    LEFT JOIN courses AS c ON c.id = d.course_id
    ORDER BY sessions DESC, views DESC, doc_id`.execute(db);
  return result.rows.map((row) => ({
    documentId: row.doc_id,
    title: row.title,
    courseId: row.course_id,
    courseTitle: row.course_title,
    sessions: row.sessions,
    views: row.views,
    activeSeconds: row.active_ms / 1000,
    averageDepth: row.average_depth,
  }));
}
