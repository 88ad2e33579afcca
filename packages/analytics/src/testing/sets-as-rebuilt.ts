import { type RawBuilder, sql } from 'kysely';

/**
 * A visitor set table's rows as a rebuild writes them: one per set, its tail (migration 0013)
 * merged in, members unioned and measures summed, each as its row's text. For comparing an
 * incrementally refreshed table with a rebuilt one, whose current day and week have no tails.
 */
export function setsAsRebuilt(
  table: 'analytics_session_sets' | 'analytics_session_set_weeks',
): RawBuilder<{ row: string }> {
  return sql<{ row: string }>`
    SELECT (day, scope, dimension, value, analytics_int_union(sessions),
            analytics_int_union(bot_sessions), sum(events), sum(views), sum(active_ms),
            sum(bot_events), sum(bot_views), sum(bot_active_ms))::text AS row
    FROM ${sql.table(table)}
    GROUP BY day, scope, dimension, value
    ORDER BY 1`;
}
