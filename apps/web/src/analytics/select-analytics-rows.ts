import {
  aggregateActionHours,
  aggregatePageHours,
  aggregateSessionHours,
  classifyEvents,
} from '@coursepack/db/analytics/aggregate-events';
import { type RawBuilder, sql } from 'kysely';
import {
  type AnalyticsOptions,
  type AnalyticsScope,
  botCondition,
  scopeCondition,
} from './analytics-scope';
import { alignToHours, type StatsRange } from './stats-range';

const DAY_MS = 24 * 60 * 60 * 1000;

type Aggregate = (classified: RawBuilder<unknown>) => RawBuilder<unknown>;

const TABLES = {
  sessions: { table: 'analytics_session_hours', aggregate: aggregateSessionHours },
  pages: { table: 'analytics_page_hours', aggregate: aggregatePageHours },
  actions: { table: 'analytics_action_hours', aggregate: aggregateActionHours },
} satisfies Record<string, { table: string; aggregate: Aggregate }>;

/**
 * The rows of one rollup (sessions: `analytics_session_hours`, pages: `analytics_page_hours`,
 * actions: `analytics_action_hours`) in a scope and range, as a relation to select from: the
 * stored rollup, or the same rows computed from events (pages then per session too, which sums
 * to the same).
 */
export function selectAnalyticsRows(
  kind: keyof typeof TABLES,
  scope: AnalyticsScope,
  range: StatsRange,
  options: AnalyticsOptions,
): RawBuilder<unknown> {
  const { from, to } = alignToHours(range);
  const rowFilter = sql`${scopeCondition(scope)} AND ${botCondition(options)}
    AND hour >= ${from} AND hour < ${to}`;
  if (options.source !== 'events') {
    return sql`(SELECT * FROM ${sql.table(TABLES[kind].table)} WHERE ${rowFilter})`;
  }
  // The refresh credits presence pings within whole UTC days, so events are read by whole days
  // and the rows cut to the range afterwards; bots are left out after the credit for the same
  // reason.
  const dayFrom = new Date(Math.floor(from.getTime() / DAY_MS) * DAY_MS);
  const dayTo = new Date(Math.ceil(to.getTime() / DAY_MS) * DAY_MS);
  const picked = sql`(SELECT * FROM events WHERE ${scopeCondition(scope)}
    AND received_at >= ${dayFrom} AND received_at < ${dayTo})`;
  const rows = TABLES[kind].aggregate(sql`(${classifyEvents(picked)})`);
  return sql`(SELECT * FROM (${rows}) AS computed WHERE ${rowFilter})`;
}
