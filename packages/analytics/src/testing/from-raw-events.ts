import { sql } from 'kysely';
import { botCondition, type RowSource, scopeCondition } from '../analytics-scope';
import { columnList, ROLLUPS, type RollupKind, utcDayOf } from '../rollup-columns';
import {
  aggregateActionHours,
  aggregatePageHours,
  aggregateSessionHours,
  classifyEvents,
} from '../rollups/aggregate-events';
import { ceilTo, DAY_MS, floorTo } from '../time';

const AGGREGATE = {
  sessions: aggregateSessionHours,
  pages: aggregatePageHours,
  actions: aggregateActionHours,
} satisfies Record<RollupKind, unknown>;

/**
 * The rollups' rows computed from raw `events` with the refresh's own SQL, for
 * `AnalyticsOptions.source`: every query answers the same as from the rollups, only slower. The
 * tests' oracle and the benchmark's baseline; never used by the product. Pages come per session
 * here (the page rollups sum sessions), which adds up to the same.
 */
export const fromRawEvents: RowSource = (kind, scope, { from, to }, options) => {
  const rollup = ROLLUPS[kind];
  // The refresh credits presence pings within whole UTC days, so events are read by whole days
  // and the rows cut to the range afterwards; bots are left out after the credit for the same
  // reason.
  const picked = sql`(SELECT * FROM events WHERE ${scopeCondition(scope)}
    AND received_at >= ${floorTo(from, DAY_MS)} AND received_at < ${ceilTo(to, DAY_MS)})`;
  const rows = AGGREGATE[kind](sql`(${classifyEvents(picked)})`);
  const session = rollup.perSession ? sql`r.session_id AS session_key,` : sql``;
  return sql`(SELECT ${utcDayOf(sql`r.hour`)} AS day, ${session}
      ${columnList([...rollup.keys, ...rollup.measures], 'r')}
    FROM (${rows}) AS r
    WHERE ${scopeCondition(scope)} AND ${botCondition(options)}
      AND r.hour >= ${from} AND r.hour < ${to})`;
};
