import type { Database } from '@coursepack/db/schema';
import { sql, type Transaction } from 'kysely';
import { columnList, HOUR_DAY, ROLLUPS } from '../../rollup-columns';
import { aggregateActionHours } from '../aggregate-events';
import { freshRows } from './classify-new-events';
import { mergeRows } from './merge-rows';
import { createTemporaryTable, type TemporaryTable } from './refresh-tables';

/**
 * Merges the new events' actions into `analytics_action_hours` and `analytics_action_days`
 * (presence credit is no action, so only new events change them). Returns the day rows'
 * changes, which the visitor sets are advanced from.
 */
export async function mergeActionChanges(
  trx: Transaction<Database>,
  classified: TemporaryTable<'classified'>,
): Promise<TemporaryTable<'actionDayChanges'>> {
  const hours = await createTemporaryTable(
    trx,
    'actionHourChanges',
    sql`
    SELECT c.*, s.session_key FROM (${aggregateActionHours(freshRows(classified))}) AS c
    JOIN analytics_sessions AS s ON s.session_id = c.session_id`,
  );
  const actionKeys = columnList(ROLLUPS.actions.keys);
  const days = await createTemporaryTable(
    trx,
    'actionDayChanges',
    sql`
    SELECT ${HOUR_DAY} AS day, session_key, ${actionKeys}, sum(events)::integer AS events
    FROM ${hours.ref} GROUP BY 1, session_key, ${actionKeys}`,
  );
  const addEvents = sql`events = r.events + c.events`;
  await mergeRows(trx, 'actions', 'hours', hours, addEvents);
  await mergeRows(trx, 'actions', 'days', days, addEvents);
  return days;
}
