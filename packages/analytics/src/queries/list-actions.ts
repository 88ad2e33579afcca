import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';
import type { AnalyticsOptions, AnalyticsScope } from '../analytics-scope';
import type { StatsRange } from '../stats-range';
import { executeAnalyticsQuery } from './execute-analytics-query';
import { countSessions, selectAnalyticsRows } from './select-analytics-rows';
import { SET_SESSIONS, selectSessionSets, sessionSetScope } from './select-session-sets';

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
  const setScope = sessionSetScope(scope, options);
  const counted = setScope
    ? sql`
      SELECT value::jsonb ->> 0 AS type, value::jsonb ->> 1 AS name, value::jsonb ->> 2 AS action,
        sum(events) AS events, ${SET_SESSIONS} AS sessions
      FROM ${selectSessionSets(setScope, ['action'], scope, range, options)} AS s
      GROUP BY value
      HAVING ${SET_SESSIONS} > 0`
    : sql`
      SELECT type, name, action, sum(events) AS events, ${countSessions(options)} AS sessions
      FROM ${selectAnalyticsRows('actions', scope, range, options)} AS r
      GROUP BY type, name, action`;
  const result = await executeAnalyticsQuery(
    db,
    sql<ActionCount>`
    SELECT * FROM (${counted}) AS counted
    ORDER BY events DESC, type, name, action
    LIMIT ${options.limit ?? 20}`,
  );
  return result.rows;
}
