import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';
import type { AnalyticsOptions, AnalyticsScope } from '../analytics-scope';
import type { StatsRange } from '../stats-range';
import { executeAnalyticsQuery } from './execute-analytics-query';
import { countSessions, selectAnalyticsRows } from './select-analytics-rows';
import { SET_SESSIONS, selectSessionSets, sessionSetScope } from './select-session-sets';

export interface TopCourse {
  courseId: number;
  /** Null when the course has since been deleted. */
  title: string | null;
  /** Distinct sessions on the course page or any of its documents. */
  sessions: number;
  views: number;
  activeSeconds: number;
}

/** Courses by sessions (then views), most visited first. */
export async function listTopCourses(
  db: Kysely<Database>,
  scope: AnalyticsScope,
  range: StatsRange,
  options: AnalyticsOptions & { limit?: number } = {},
): Promise<TopCourse[]> {
  const setScope = sessionSetScope(scope, options);
  const counted = setScope
    ? sql`
      SELECT ${scope.kind === 'course' ? sql`${scope.courseId}::bigint` : sql`value::bigint`} AS course_id,
        ${SET_SESSIONS} AS sessions, sum(views) AS views,
        sum(active_ms) AS active_ms
      FROM ${selectSessionSets(setScope, [scope.kind === 'course' ? 'sessions' : 'course'], scope, range, options)} AS s
      GROUP BY value
      HAVING ${SET_SESSIONS} > 0`
    : sql`
      SELECT course_id, ${countSessions(options)} AS sessions, sum(views) AS views,
        sum(active_ms) AS active_ms
      FROM ${selectAnalyticsRows('sessions', scope, range, options)} AS r
      WHERE course_id IS NOT NULL
      GROUP BY course_id`;
  const result = await executeAnalyticsQuery(
    db,
    sql<{
      course_id: number;
      title: string | null;
      sessions: number;
      views: number;
      active_ms: number;
    }>`
    WITH top AS (
      SELECT * FROM (${counted}) AS counted
      ORDER BY sessions DESC, views DESC, course_id
      LIMIT ${options.limit ?? 10}
    )
    SELECT top.*, c.title
    FROM top LEFT JOIN courses AS c ON c.id = top.course_id
    ORDER BY sessions DESC, views DESC, course_id`,
  );
  return result.rows.map((row) => ({
    courseId: row.course_id,
    title: row.title,
    sessions: row.sessions,
    views: row.views,
    activeSeconds: row.active_ms / 1000,
  }));
}
