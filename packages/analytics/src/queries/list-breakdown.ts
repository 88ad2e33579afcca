import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';
import type { AnalyticsOptions, AnalyticsScope } from '../analytics-scope';
import type { StatsRange } from '../stats-range';
import { executeAnalyticsQuery } from './execute-analytics-query';
import { countSessions, selectAnalyticsRows } from './select-analytics-rows';
import { SET_SESSIONS, selectSessionSets, sessionSetScope } from './select-session-sets';

export interface BreakdownRow {
  /** The dimension's value; null when the events carried none (direct traffic, unknown OS…). */
  value: string | null;
  /** Distinct sessions with events carrying this value. */
  sessions: number;
  views: number;
}

/**
 * Sessions and views by each of several columns of `analytics_session_hours`, most sessions
 * first: from the session sets of the site or a course, otherwise (a document, an owner's
 * courses) from the rows in one scan (GROUPING SETS).
 * Shared by the traffic-source and device breakdowns.
 */
export async function listBreakdown<Column extends string>(
  db: Kysely<Database>,
  columns: readonly Column[],
  scope: AnalyticsScope,
  range: StatsRange,
  options: AnalyticsOptions & { limit?: number },
): Promise<Record<Column, BreakdownRow[]>> {
  const setScope = sessionSetScope(scope, options);
  const result = await executeAnalyticsQuery(
    db,
    sql<{
      dimension: Column;
      value: string | null;
      sessions: number;
      views: number;
    }>`${
      setScope
        ? sql`
      SELECT dimension, value, ${SET_SESSIONS} AS sessions,
        sum(views) AS views
      FROM ${selectSessionSets(setScope, columns, scope, range, options)} AS s
      GROUP BY dimension, value
      HAVING ${SET_SESSIONS} > 0`
        : fromRows(columns, scope, range, options)
    }
    ORDER BY dimension, sessions DESC, views DESC, value`,
  );
  const limit = options.limit ?? 10;
  const byColumn = Object.fromEntries(columns.map((column) => [column, [] as BreakdownRow[]]));
  for (const row of result.rows) {
    const list = byColumn[row.dimension];
    if (list && list.length < limit) {
      list.push({ value: row.value, sessions: row.sessions, views: row.views });
    }
  }
  return byColumn as Record<Column, BreakdownRow[]>;
}

function fromRows(
  columns: readonly string[],
  scope: AnalyticsScope,
  range: StatsRange,
  options: AnalyticsOptions,
) {
  const rows = selectAnalyticsRows('sessions', scope, range, options);
  const sets = sql.join(columns.map((column) => sql`(${sql.ref(column)})`));
  // In a GROUPING SETS result, GROUPING(column) is 0 on the rows grouped by that column.
  const dimension = sql.join(
    columns.map((column) => sql`WHEN GROUPING(${sql.ref(column)}) = 0 THEN ${column}`),
    sql` `,
  );
  return sql`
    SELECT CASE ${dimension} END AS dimension,
      coalesce(${sql.join(columns.map((column) => sql.ref(column)))}) AS value,
      ${countSessions(options)} AS sessions,
      sum(views) AS views
    FROM ${rows} AS r
    GROUP BY GROUPING SETS (${sets})`;
}
