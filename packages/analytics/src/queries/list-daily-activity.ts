import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';
import type { AnalyticsOptions, AnalyticsScope } from '../analytics-scope';
import type { StatsRange } from '../stats-range';
import { executeAnalyticsQuery } from './execute-analytics-query';
import { countSessions, selectAnalyticsRows } from './select-analytics-rows';
import {
  everyoneDimension,
  readerSetScope,
  SET_SESSIONS,
  selectSessionSets,
} from './select-session-sets';

export interface DailyActivity {
  /** The UTC day, `YYYY-MM-DD`. */
  day: string;
  /** Distinct sessions that day (a session active on two days counts on both). */
  sessions: number;
  views: number;
  activeSeconds: number;
}

/** One point per UTC day that had activity, for the dashboard's chart; days without any are absent. */
export async function listDailyActivity(
  db: Kysely<Database>,
  scope: AnalyticsScope,
  range: StatsRange,
  options: AnalyticsOptions = {},
): Promise<DailyActivity[]> {
  const setScope = readerSetScope(scope, options);
  const query = setScope
    ? sql`
      SELECT day, ${SET_SESSIONS} AS sessions, sum(views) AS views,
        sum(active_ms) AS active_ms
      FROM ${selectSessionSets(setScope, [everyoneDimension(scope)], scope, range, options, true)} AS s
      GROUP BY day
      HAVING ${SET_SESSIONS} > 0`
    : sql`
      SELECT day, ${countSessions(options)} AS sessions, sum(views) AS views,
        sum(active_ms) AS active_ms
      FROM ${selectAnalyticsRows('sessions', scope, range, options)} AS r
      GROUP BY day`;
  const result = await executeAnalyticsQuery(
    db,
    sql<{ day: string; sessions: number; views: number; active_ms: number }>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, sessions, views, active_ms
    FROM (${query}) AS days
    ORDER BY 1`,
  );
  return result.rows.map((row) => ({
    day: row.day,
    sessions: row.sessions,
    views: row.views,
    activeSeconds: row.active_ms / 1000,
  }));
}
