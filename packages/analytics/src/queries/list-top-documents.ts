import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';
import type { AnalyticsOptions, AnalyticsScope } from '../analytics-scope';
import type { StatsRange } from '../stats-range';
import { executeAnalyticsQuery } from './execute-analytics-query';
import { selectAnalyticsRows } from './select-analytics-rows';
import { SET_SESSIONS, selectSessionSets, sessionSetScope } from './select-session-sets';

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
  const setScope = sessionSetScope(scope, options);
  // Per document: sessions (its reads), views, active time and the sum of the reads' depths.
  const counted = setScope
    ? fromSessionSets(setScope, scope, range, options)
    : fromRows(scope, range, options);
  const result = await executeAnalyticsQuery(
    db,
    sql<{
      doc_id: number;
      title: string | null;
      course_id: number | null;
      course_title: string | null;
      sessions: number;
      views: number;
      active_ms: number;
      depth_sum: number;
    }>`
    WITH top AS (
      SELECT * FROM (${counted}) AS counted
      ORDER BY sessions DESC, views DESC, doc_id
      LIMIT ${options.limit ?? 10}
    )
    SELECT top.*, d.title, d.course_id, c.title AS course_title
    FROM top
    LEFT JOIN documents AS d ON d.id = top.doc_id
    LEFT JOIN courses AS c ON c.id = d.course_id
    ORDER BY sessions DESC, views DESC, doc_id`,
  );
  return result.rows.map((row) => ({
    documentId: row.doc_id,
    title: row.title,
    courseId: row.course_id,
    courseTitle: row.course_title,
    sessions: row.sessions,
    views: row.views,
    activeSeconds: row.active_ms / 1000,
    averageDepth: row.depth_sum / row.sessions,
  }));
}

function fromSessionSets(
  setScope: string,
  scope: AnalyticsScope,
  range: StatsRange,
  options: AnalyticsOptions,
) {
  return sql`
    WITH s AS MATERIALIZED (
      SELECT * FROM ${selectSessionSets(setScope, ['document', 'depth'], scope, range, options)} AS s
    ),
    docs AS (
      SELECT value::bigint AS doc_id, ${SET_SESSIONS} AS sessions,
        sum(views) AS views, sum(active_ms) AS active_ms
      FROM s WHERE dimension = 'document'
      GROUP BY value
      HAVING ${SET_SESSIONS} > 0
    ),
    depths AS (
      SELECT split_part(value, ':', 1)::bigint AS doc_id,
        25 * ${SET_SESSIONS} AS depth_sum
      FROM s WHERE dimension = 'depth'
      GROUP BY value
    )
    SELECT docs.*, coalesce((SELECT sum(depth_sum) FROM depths WHERE depths.doc_id = docs.doc_id), 0) AS depth_sum
    FROM docs`;
}

function fromRows(scope: AnalyticsScope, range: StatsRange, options: AnalyticsOptions) {
  return sql`
    SELECT doc_id, count(*) AS sessions, sum(views) AS views, sum(active_ms) AS active_ms,
      sum(depth) AS depth_sum
    FROM (
      SELECT doc_id, session_key, sum(views) AS views, sum(active_ms) AS active_ms,
        max(max_depth) AS depth
      FROM ${selectAnalyticsRows('sessions', scope, range, options)} AS r
      WHERE doc_id IS NOT NULL
      GROUP BY doc_id, session_key
    ) AS reads
    GROUP BY doc_id`;
}
