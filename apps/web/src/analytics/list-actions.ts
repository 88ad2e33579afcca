import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';
import type { AnalyticsOptions, AnalyticsScope } from './analytics-scope';
import { selectAnalyticsRows } from './select-analytics-rows';
import type { StatsRange } from './stats-range';

export interface ActionCount {
  type: string;
  name: string;
  action: string;
  events: number;
  /** Distinct sessions that sent it. */
  sessions: number;
}

/**
 * Named actions (downloads, bookmarks, follows, searches, sign-ins…): every event that is not a
 * page view (`page`/`view`), scroll (`scroll`) or presence ping (`status`), counted by
 * (type, name, action), most frequent first.
 */
export async function listActions(
  db: Kysely<Database>,
  scope: AnalyticsScope,
  range: StatsRange,
  options: AnalyticsOptions & { limit?: number } = {},
): Promise<ActionCount[]> {
  const rows = selectAnalyticsRows('actions', scope, range, options);
  const result = await sql<ActionCount>`
    SELECT type, name, action, sum(events) AS events, count(DISTINCT session_id) AS sessions
    FROM ${rows} AS r
    GROUP BY type, name, action
    ORDER BY events DESC, type, name, action
    LIMIT ${options.limit ?? 20}`.execute(db);
  return result.rows;
}
