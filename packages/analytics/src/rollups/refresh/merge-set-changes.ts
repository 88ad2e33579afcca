import type { Database } from '@coursepack/db/schema';
import { type RawBuilder, sql, type Transaction } from 'kysely';
import { utcDayOf } from '../../rollup-columns';
import { aggregateSessionSets, expandSessionSets } from '../aggregate-events';
import { createTemporaryTable, type TemporaryTable } from './refresh-tables';

type SetTable = 'analytics_session_sets' | 'analytics_session_set_weeks';

/**
 * A tail is merged into its set once it has this many members (session keys, bots too). Each
 * refresh that adds to a tail rewrites it, and each merge rewrites its set's whole array (a busy
 * day's is hundreds of thousands of keys), so the best size grows with the site: at 10M events and
 * 1,000 events/s, merges every second refresh at 4,096 made the refresh's mean 500 ms (a merging
 * one 600–850 ms, 400 of them the merges); at 16,384, one in eight merges and the mean is 390 ms.
 */
export const SET_TAIL_MEMBERS = 16_384;

/** The same set (day or week, scope, dimension and value) in rows `r` and `c`. */
const SAME_SET = sql`r.day = c.day AND r.scope = c.scope AND r.dimension = c.dimension
  AND r.value IS NOT DISTINCT FROM c.value`;

/** How a set row `r` takes in a row `c` of the same set: members unioned, measures summed. */
const ADD_TO_SET_ROW = sql`
  -- A change often brings no new member (a reader already counted reads on): the array is
  -- then kept as it is, not rewritten.
  sessions = CASE WHEN r.sessions @> c.sessions THEN r.sessions ELSE r.sessions | c.sessions END,
  bot_sessions = CASE WHEN r.bot_sessions @> c.bot_sessions THEN r.bot_sessions
    ELSE r.bot_sessions | c.bot_sessions END,
  events = r.events + c.events, views = r.views + c.views, active_ms = r.active_ms + c.active_ms,
  bot_events = r.bot_events + c.bot_events, bot_views = r.bot_views + c.bot_views,
  bot_active_ms = r.bot_active_ms + c.bot_active_ms`;

/** The columns of a set table's rows, in order (besides `tail`). */
export const SET_COLUMNS = sql`day, scope, dimension, value, sessions, bot_sessions, events, views,
  active_ms, bot_events, bot_views, bot_active_ms`;

/**
 * Advances the visitor sets of the changed session-days' days and weeks (through their tails),
 * from the session and action day rows' changes. `until`: the refresh's watermark, before which
 * days and weeks that have ended have no tails left.
 */
export async function mergeSetChanges(
  trx: Transaction<Database>,
  sessionDays: TemporaryTable<'sessionDayChanges'>,
  actionDays: TemporaryTable<'actionDayChanges'>,
  until: Date,
) {
  // The day rows' changes as set entries: their sums are differences, and their session keys
  // are members already or join (a level of depth is entered when first reached).
  const daySets = await createTemporaryTable(
    trx,
    'daySetChanges',
    aggregateSessionSets(expandSessionSets(sessionDays.ref, actionDays.ref, sql`r.settled`)),
  );
  await applySetChanges(trx, 'analytics_session_sets', daySets.ref);
  // A week's change is the union of its days' changes.
  await applySetChanges(trx, 'analytics_session_set_weeks', sql`(${weeklySets(daySets.ref)})`);
  const untilDay = utcDayOf(sql`${until}::timestamptz`);
  await mergeTails(trx, 'analytics_session_sets', untilDay);
  await mergeTails(trx, 'analytics_session_set_weeks', sql`date_trunc('week', ${untilDay})::date`);
}

/**
 * Applies changes to the visitor sets (`changes`: rows shaped like the set table's, for the
 * affected session-days: their current session keys, and the difference in their sums) to the
 * sets' tails (migration 0013), made where missing. Set membership only grows as a session-day
 * gets events (each new event adds a row or deepens one, and events are never deleted), so
 * the keys are unioned in and none is taken out: a set's rows together end as a rebuild of the
 * period would write it, at the cost of the change rather than of the whole day or week.
 */
async function applySetChanges(
  trx: Transaction<Database>,
  table: SetTable,
  changes: RawBuilder<unknown>,
) {
  await sql`
    WITH changes AS MATERIALIZED (SELECT * FROM ${changes} AS c),
    updated AS (
      UPDATE ${sql.table(table)} AS r SET ${ADD_TO_SET_ROW}
      FROM changes AS c
      WHERE r.tail AND ${SAME_SET}
      RETURNING c.day, c.scope, c.dimension, c.value
    )
    INSERT INTO ${sql.table(table)} (${SET_COLUMNS}, tail)
    SELECT c.*, true FROM changes AS c
    WHERE NOT EXISTS (SELECT FROM updated AS r WHERE ${SAME_SET})`.execute(trx);
}

/**
 * Merges into their sets the tails that have grown to SET_TAIL_MEMBERS, and those of periods
 * (days or weeks, by their first day) that began before `current`, which only late events still
 * reach: a period that is over is then one row per set, as a rebuild writes it. A tail of a set
 * without a row becomes the set's row.
 */
async function mergeTails(
  trx: Transaction<Database>,
  table: SetTable,
  current: RawBuilder<unknown>,
) {
  await sql`
    WITH tails AS (
      DELETE FROM ${sql.table(table)} AS t
      WHERE t.tail AND (t.day < ${current}
        OR icount(t.sessions) + icount(t.bot_sessions) >= ${SET_TAIL_MEMBERS})
      RETURNING ${SET_COLUMNS}
    ),
    merged AS (
      UPDATE ${sql.table(table)} AS r SET ${ADD_TO_SET_ROW}
      FROM tails AS c
      WHERE NOT r.tail AND ${SAME_SET}
      RETURNING c.day, c.scope, c.dimension, c.value
    )
    INSERT INTO ${sql.table(table)} (${SET_COLUMNS})
    SELECT c.* FROM tails AS c
    WHERE NOT EXISTS (SELECT FROM merged AS r WHERE ${SAME_SET})`.execute(trx);
}

/** Rows shaped like `analytics_session_sets`, unioned per ISO week (`day` its Monday). */
export function weeklySets(daySets: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    SELECT date_trunc('week', r.day::timestamp)::date AS day, scope, dimension, value,
      analytics_int_union(sessions) AS sessions, analytics_int_union(bot_sessions) AS bot_sessions,
      sum(events) AS events, sum(views) AS views, sum(active_ms) AS active_ms,
      sum(bot_events) AS bot_events, sum(bot_views) AS bot_views,
      sum(bot_active_ms) AS bot_active_ms
    FROM ${daySets} AS r
    GROUP BY 1, scope, dimension, value`;
}
