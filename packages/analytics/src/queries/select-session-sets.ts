import { type RawBuilder, sql } from 'kysely';
import {
  type AnalyticsOptions,
  type AnalyticsScope,
  botCondition,
  scopeCondition,
} from '../analytics-scope';
import { utcDayOf } from '../rollup-columns';
import { expandSessionSets } from '../rollups/aggregate-events';
import { alignToHours, type StatsRange, wholeDays } from '../stats-range';
import { DAY_MS, isoDay } from '../time';

/**
 * The `analytics_session_sets` scope that answers `scope`, or null when its counts come from the
 * rows (a document's or an owner's few courses, or rows from another `source`).
 */
export function sessionSetScope(scope: AnalyticsScope, options: AnalyticsOptions): string | null {
  if (options.source) return null;
  if (scope.kind === 'site') return 'site';
  if (scope.kind === 'course') return `course:${scope.courseId}`;
  return null;
}

/**
 * The sets a scope's headline figures, daily chart and depth funnel are counted from: its own
 * (`sessionSetScope`), or for a document the site's sets of its id, `document` (everyone with
 * an event on it, with their views and active time) and `depth` (`<id>:<level>`), which
 * `selectSessionSets` narrows to that id. Null for an owner's courses and other sources.
 */
export function readerSetScope(scope: AnalyticsScope, options: AnalyticsOptions): string | null {
  if (scope.kind === 'document' && !options.source) return 'site';
  return sessionSetScope(scope, options);
}

/** The dimension whose sets hold everyone in a scope: a document's own `document` set. */
export function everyoneDimension(scope: AnalyticsScope): 'sessions' | 'document' {
  return scope.kind === 'document' ? 'document' : 'sessions';
}

/**
 * How many distinct sessions a group of rows from `selectSessionSets` holds: the size of the
 * union of their sorted arrays (intarray, in C). What `countSessions` is for rollup rows.
 */
export const SET_SESSIONS = sql<number>`icount(analytics_int_union(sessions))`;

/**
 * Per day, dimension and value of a scope's session sets (`expandSessionSets`): `sessions` (a
 * sorted array of session keys; count a range with `SET_SESSIONS`),
 * `events`, `views`, `active_ms`. Whole UTC days come from `analytics_session_sets`, the hours
 * before the first and after the last whole day from the hourly rollups, grouped the same way;
 * whole ISO weeks (`day` their Monday) from `analytics_session_set_weeks` unless `perDay`.
 * A value whose sessions were all bots has an empty array unless bots are included. For a
 * document, only the values of its id (`readerSetScope`).
 */
export function selectSessionSets(
  setScope: string,
  dimensions: readonly string[],
  scope: AnalyticsScope,
  range: StatsRange,
  options: AnalyticsOptions,
  perDay = false,
): RawBuilder<unknown> {
  const { from, to } = alignToHours(range);
  const { firstDay, endDay } = wholeDays({ from, to });
  const wanted =
    scope.kind === 'document'
      ? sql`dimension IN (${sql.join(dimensions)})
        AND (value = ${String(scope.documentId)} OR value LIKE ${`${scope.documentId}:%`})`
      : sql`dimension IN (${sql.join(dimensions)})`;
  const bots = options.includeBots === true;
  const hours = (hoursFrom: Date, hoursTo: Date) => {
    const rows = (table: string, read: boolean) => sql`(
      SELECT ${utcDayOf(sql`r.hour`)} AS day, r.*
      FROM ${sql.table(table)} AS r
      WHERE ${read ? sql`true` : sql`false`} AND ${scopeCondition(scope)}
        AND ${botCondition(options)} AND r.hour >= ${hoursFrom} AND r.hour < ${hoursTo})`;
    return sql`
      SELECT day, dimension, value, array_agg(DISTINCT session_key) AS sessions,
        sum(events) AS events, sum(views) AS views, sum(active_ms) AS active_ms
      FROM (${expandSessionSets(
        rows('analytics_session_hours', true),
        rows('analytics_action_hours', dimensions.includes('action')),
      )}) AS entries
      WHERE scope = ${setScope} AND ${wanted}
      GROUP BY day, dimension, value`;
  };
  if (firstDay >= endDay) return sql`(${hours(from, to)})`;

  const stored = (table: string, storedFrom: Date, storedTo: Date) => sql`
    SELECT day, dimension, value,
      ${bots ? sql`sessions | bot_sessions` : sql`sessions`} AS sessions,
      ${bots ? sql`events + bot_events` : sql`events`} AS events,
      ${bots ? sql`views + bot_views` : sql`views`} AS views,
      ${bots ? sql`active_ms + bot_active_ms` : sql`active_ms`} AS active_ms
    FROM ${sql.table(table)}
    WHERE scope = ${setScope} AND ${wanted}
      AND day >= ${isoDay(storedFrom)}::date AND day < ${isoDay(storedTo)}::date`;
  // Whole ISO weeks from the week sets unless rows are wanted per day.
  const firstWeek = mondayOnOrAfter(firstDay);
  const endWeek = mondayOnOrAfter(new Date(endDay.getTime() - 6 * DAY_MS));
  const parts =
    perDay || firstWeek >= endWeek
      ? [stored('analytics_session_sets', firstDay, endDay)]
      : [
          stored('analytics_session_set_weeks', firstWeek, endWeek),
          stored('analytics_session_sets', firstDay, firstWeek),
          stored('analytics_session_sets', endWeek, endDay),
        ];
  if (from < firstDay) parts.push(hours(from, firstDay));
  if (endDay < to) {
    // A range ending today ends in a part-day, whose hourly rows grow with the traffic. When
    // nothing of that day is counted from `to` on (the usual "up to now"), the part-day holds
    // exactly the day's sessions, and its day set answers it. Both branches are gated by one
    // uncorrelated probe, so PostgreSQL runs only the one that applies.
    const dayEnd = new Date(endDay.getTime() + DAY_MS);
    const later = sql`EXISTS (SELECT FROM analytics_session_hours
      WHERE hour >= ${to} AND hour < ${dayEnd})`;
    parts.push(
      sql`SELECT * FROM (${stored('analytics_session_sets', endDay, dayEnd)}) AS whole_day
        WHERE NOT ${later}`,
      sql`SELECT * FROM (${hours(endDay, to)}) AS part_day WHERE ${later}`,
    );
  }
  return sql`(${sql.join(parts, sql` UNION ALL `)})`;
}

/** The first Monday (UTC midnight) on or after `day` (a UTC midnight). */
function mondayOnOrAfter(day: Date): Date {
  // 1970-01-01 was a Thursday: (days + 3) % 7 is 0 on Mondays.
  const days = Math.round(day.getTime() / DAY_MS);
  return new Date((days + ((7 - ((days + 3) % 7)) % 7)) * DAY_MS);
}
