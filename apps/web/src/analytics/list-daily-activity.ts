import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';
import type { AnalyticsOptions, AnalyticsScope } from './analytics-scope';
import { selectAnalyticsRows } from './select-analytics-rows';
import type { StatsRange } from './stats-range';

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
  const rows = selectAnalyticsRows('sessions', scope, range, options);
  const result = await sql<{ day: string; sessions: number; views: number; active_ms: number }>`
    SELECT to_char(date_trunc('day', hour, 'UTC') AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
      count(DISTINCT session_id) AS sessions,
      sum(views) AS views,
      sum(active_ms) AS active_ms
    FROM ${rows} AS r
    GROUP BY 1
    ORDER BY 1`.execute(db);
  return result.rows.map((row) => ({
    day: row.day,
    sessions: row.sessions,
    views: row.views,
    activeSeconds: row.active_ms / 1000,
  }));
}
