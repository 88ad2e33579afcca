import type { Database } from '@coursepack/db/schema';
import { sql, type Transaction } from 'kysely';
import { columnList, HOUR_DAY, ROLLUPS } from '../../rollup-columns';
import { aggregateSessionHours } from '../aggregate-events';
import { freshRows, recreditedRows } from './classify-new-events';
import { mergeRows, sameRow } from './merge-rows';
import { createTemporaryTable, type TemporaryTable } from './refresh-tables';

/** How a session rollup row (hour or day) takes in a change row `c`. */
const ADD_TO_SESSION_ROW = sql`events = r.events + c.events, views = r.views + c.views,
  active_ms = r.active_ms + c.active_ms, max_depth = greatest(r.max_depth, c.max_depth),
  last_page = CASE WHEN c.last_page_at IS NOT NULL AND (r.last_page_at IS NULL
      OR (c.last_page_at, c.last_page) > (r.last_page_at, r.last_page))
    THEN c.last_page ELSE r.last_page END,
  last_page_at = greatest(r.last_page_at, c.last_page_at)`;

/**
 * Session measures of rows grouped together (events, views, … as columns): hours into a day,
 * or change rows into one, with the same choice of last page as `ADD_TO_SESSION_ROW`.
 */
export const SESSION_MEASURES_GROUPED = sql`
  sum(events)::integer AS events, sum(views)::integer AS views,
  sum(active_ms)::bigint AS active_ms, max(max_depth)::smallint AS max_depth,
  (array_agg(last_page ORDER BY last_page_at DESC, last_page DESC)
    FILTER (WHERE last_page IS NOT NULL))[1] AS last_page,
  max(last_page_at) AS last_page_at`;

/**
 * Merges the classified events into `analytics_session_hours` and `analytics_session_days`: the
 * new events' rows, plus the credit changes of stored pings. Returns the day rows' changes, which
 * the read ends and the visitor sets are advanced from.
 */
export async function mergeSessionChanges(
  trx: Transaction<Database>,
  classified: TemporaryTable<'classified'>,
): Promise<TemporaryTable<'sessionDayChanges'>> {
  const sessionKeys = columnList(ROLLUPS.sessions.keys);
  const hours = await createTemporaryTable(
    trx,
    'sessionHourChanges',
    sql`
    SELECT c.*, s.session_key
    FROM (
      SELECT hour, session_id, ${sessionKeys}, ${SESSION_MEASURES_GROUPED}
      FROM (
        ${aggregateSessionHours(freshRows(classified))}
        UNION ALL
        SELECT hour, session_id, ${sessionKeys}, 0, 0, sum(credit_change), 0, NULL, NULL
        FROM ${recreditedRows(classified)} GROUP BY hour, session_id, ${sessionKeys}
      ) AS changes
      GROUP BY hour, session_id, ${sessionKeys}
    ) AS c JOIN analytics_sessions AS s ON s.session_id = c.session_id`,
  );
  // `settled`: the day row is there already, so its session is in that row's sets.
  const days = await createTemporaryTable(
    trx,
    'sessionDayChanges',
    sql`
    SELECT c.*, EXISTS (
      SELECT FROM analytics_session_days AS r WHERE ${sameRow('sessions', 'days')}) AS settled
    FROM (
      SELECT ${HOUR_DAY} AS day, session_key, ${sessionKeys}, ${SESSION_MEASURES_GROUPED}
      FROM ${hours.ref} GROUP BY 1, session_key, ${sessionKeys}
    ) AS c`,
  );
  await mergeRows(trx, 'sessions', 'hours', hours, ADD_TO_SESSION_ROW);
  await mergeRows(trx, 'sessions', 'days', days, ADD_TO_SESSION_ROW);
  return days;
}
