import { type RawBuilder, sql } from 'kysely';
import {
  type AnalyticsOptions,
  type AnalyticsScope,
  botCondition,
  scopeCondition,
} from '../analytics-scope';
import {
  aggregateActionHours,
  aggregatePageHours,
  aggregateSessionHours,
  classifyEvents,
} from '../rollups/aggregate-events';
import { alignToHours, type StatsRange, wholeDays } from '../stats-range';
import { ceilTo, DAY_MS, floorTo, isoDay } from '../time';

type Aggregate = (classified: RawBuilder<unknown>) => RawBuilder<unknown>;

interface Rollup {
  hours: string;
  days: string;
  /** The columns after `day` and the session, as the hourly and the daily tables both have them. */
  columns: string[];
  /** Whether rows are per session (then `session_key` follows `day`). */
  perSession: boolean;
  aggregate: Aggregate;
}

const ROLLUPS = {
  sessions: {
    hours: 'analytics_session_hours',
    days: 'analytics_session_days',
    columns: [
      'course_id',
      'doc_id',
      'is_bot',
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'referrer_host',
      'browser',
      'os',
      'device',
      'events',
      'views',
      'active_ms',
      'max_depth',
      'last_page',
      'last_page_at',
    ],
    perSession: true,
    aggregate: aggregateSessionHours,
  },
  pages: {
    hours: 'analytics_page_hours',
    days: 'analytics_page_days',
    columns: ['course_id', 'doc_id', 'is_bot', 'page', 'pings', 'active_ms'],
    perSession: false,
    aggregate: aggregatePageHours,
  },
  actions: {
    hours: 'analytics_action_hours',
    days: 'analytics_action_days',
    columns: ['course_id', 'doc_id', 'is_bot', 'type', 'name', 'action', 'events'],
    perSession: true,
    aggregate: aggregateActionHours,
  },
} satisfies Record<string, Rollup>;

/**
 * The rows of one rollup (sessions, pages or actions) in a scope and range, as a relation to
 * select from, with the columns of its tables plus `day` (the UTC `date`) and, for sessions and
 * actions, `session_key` (an integer per session in the rollups, the session's UUID from events:
 * only ever counted or grouped by). The whole UTC days of the range are read from the day
 * rollups (`analytics_*_days`), the hours before the first and after the last whole day from the
 * hourly ones; `source: 'events'` computes the hourly rows from raw events instead (pages then
 * per session too, which sums to the same).
 */
export function selectAnalyticsRows(
  kind: keyof typeof ROLLUPS,
  scope: AnalyticsScope,
  range: StatsRange,
  options: AnalyticsOptions,
): RawBuilder<unknown> {
  const rollup: Rollup = ROLLUPS[kind];
  const { from, to } = alignToHours(range);
  const filter = sql`${scopeCondition(scope)} AND ${botCondition(options)}`;
  const columns = sql.join(rollup.columns.map((column) => sql.ref(`r.${column}`)));
  const day = sql`(date_trunc('day', r.hour, 'UTC') AT TIME ZONE 'UTC')::date`;
  if (options.source === 'events') {
    // The refresh credits presence pings within whole UTC days, so events are read by whole
    // days and the rows cut to the range afterwards; bots are left out after the credit for
    // the same reason.
    const dayFrom = floorTo(from, DAY_MS);
    const dayTo = ceilTo(to, DAY_MS);
    const picked = sql`(SELECT * FROM events WHERE ${scopeCondition(scope)}
      AND received_at >= ${dayFrom} AND received_at < ${dayTo})`;
    const rows = rollup.aggregate(sql`(${classifyEvents(picked)})`);
    const session = rollup.perSession ? sql`r.session_id AS session_key,` : sql``;
    return sql`(SELECT ${day} AS day, ${session} ${columns} FROM (${rows}) AS r
      WHERE ${filter} AND r.hour >= ${from} AND r.hour < ${to})`;
  }

  const { firstDay, endDay } = wholeDays({ from, to });
  const hours = (hoursFrom: Date, hoursTo: Date) =>
    sql`SELECT ${day} AS day, ${rollup.perSession ? sql`r.session_key,` : sql``} ${columns}
      FROM ${sql.table(rollup.hours)} AS r
      WHERE ${filter} AND r.hour >= ${hoursFrom} AND r.hour < ${hoursTo}`;
  if (firstDay >= endDay) return sql`(${hours(from, to)})`;

  const parts = [
    sql`SELECT r.day, ${rollup.perSession ? sql`r.session_key,` : sql``} ${columns}
      FROM ${sql.table(rollup.days)} AS r
      WHERE ${filter} AND r.day >= ${isoDay(firstDay)}::date AND r.day < ${isoDay(endDay)}::date`,
  ];
  if (from < firstDay) parts.push(hours(from, firstDay));
  if (endDay < to) parts.push(hours(endDay, to));
  return sql`(${sql.join(parts, sql` UNION ALL `)})`;
}
