import type { Database } from '@coursepack/db/schema';
import { sql, type Transaction } from 'kysely';
import { classifyEvents, PRESENCE_INTERVAL_MS } from '../aggregate-events';
import { createTemporaryTable, type TemporaryTable } from './refresh-tables';

/**
 * `classified`: the new events classified (`is_new`), and the stored presence pings within one
 * interval of a new one, each with `credit_change`, the active time it is credited now less what
 * it was credited before the new events. Only those stored pings can have a new ping as their
 * next one, and a new ping's next one, if within the interval, is among them. Stored means
 * processed: `stored_at` before `since`, which every earlier refresh (and the rebuild) took in
 * whole. `eventsRead`: how many events it read.
 */
export async function classifyNewEvents(
  trx: Transaction<Database>,
  newEvents: TemporaryTable<'newEvents'>,
  since: Date,
): Promise<{ classified: TemporaryTable<'classified'>; eventsRead: number }> {
  const interval = sql`make_interval(secs => ${PRESENCE_INTERVAL_MS / 1000})`;
  // One index range per new ping (events_session_time_idx); `OFFSET 0` keeps the planner from
  // flattening the lateral subquery into a join it may plan as a scan of every stored event.
  const nearby = sql`
    SELECT DISTINCT ON (e.event_id, e.received_at) e.*
    FROM ${newEvents.ref} AS n CROSS JOIN LATERAL (
      SELECT * FROM events
      WHERE session_id = n.session_id
        AND received_at BETWEEN n.received_at - ${interval} AND n.received_at + ${interval}
        AND stored_at < ${since} AND type = 'status' AND action IN ('active', 'inactive')
      OFFSET 0) AS e
    WHERE n.type = 'status' AND n.action IN ('active', 'inactive')`;
  const classified = await createTemporaryTable(
    trx,
    'classified',
    sql`
    WITH nearby AS MATERIALIZED (${nearby}),
    now AS MATERIALIZED (${classifyEvents(sql`(SELECT * FROM ${newEvents.ref} UNION ALL SELECT * FROM nearby)`)}),
    before AS (${classifyEvents(sql`nearby`)})
    SELECT now.*, now.stored_at >= ${since} AS is_new,
      coalesce(now.active_ms, 0) - coalesce(before.active_ms, 0) AS credit_change
    FROM now LEFT JOIN before
      ON before.event_id = now.event_id AND before.received_at = now.received_at`,
  );
  const read = await sql<{ n: number }>`
    SELECT count(*)::integer AS n FROM ${classified.ref}`.execute(trx);
  return { classified, eventsRead: read.rows[0]?.n ?? 0 };
}

/** The classified rows a step adds as they are: the new events'. */
export function freshRows(classified: TemporaryTable<'classified'>) {
  return sql`(SELECT * FROM ${classified.ref} WHERE is_new)`;
}

/**
 * The classified rows whose credit changed, as the start of a FROM clause (a step may add
 * conditions with AND): stored pings, which only change active time.
 */
export function recreditedRows(classified: TemporaryTable<'classified'>) {
  return sql`${classified.ref} WHERE NOT is_new AND credit_change <> 0`;
}
