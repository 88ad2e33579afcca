import type { Database } from '@coursepack/db/schema';
import { type RawBuilder, sql, type Transaction } from 'kysely';
import { columnList, HOUR_DAY, ROLLUPS } from '../../rollup-columns';
import { aggregatePageHours } from '../aggregate-events';
import { freshRows, recreditedRows } from './classify-new-events';
import { mergeRows } from './merge-rows';
import { createTemporaryTable, type TemporaryTable } from './refresh-tables';

/**
 * Merges the classified events into `analytics_session_pages`, and their per-page totals into
 * `analytics_page_hours` and `analytics_page_days`.
 */
export async function mergePageChanges(
  trx: Transaction<Database>,
  classified: TemporaryTable<'classified'>,
) {
  const pageKeys = columnList(ROLLUPS.pages.keys);
  const changes = await createTemporaryTable(
    trx,
    'pageHourChanges',
    sql`
    SELECT hour, session_id, ${pageKeys}, sum(pings)::integer AS pings,
      sum(active_ms)::bigint AS active_ms
    FROM (
      ${aggregatePageHours(freshRows(classified))}
      UNION ALL
      SELECT hour, session_id, ${pageKeys}, 0, sum(credit_change)
      FROM ${recreditedRows(classified)} AND page IS NOT NULL AND doc_id IS NOT NULL
      GROUP BY hour, session_id, ${pageKeys}
    ) AS changes
    GROUP BY hour, session_id, ${pageKeys}`,
  );
  await mergeRows(
    trx,
    'pages',
    'hours',
    changes,
    sql`pings = r.pings + c.pings,
    active_ms = r.active_ms + c.active_ms`,
  );
  await addPageTotals('analytics_page_hours', pageHourTotals(changes.ref)).execute(trx);
  await addPageTotals('analytics_page_days', pageDayTotals(changes.ref)).execute(trx);
}

/** Rows shaped like `analytics_session_pages` (`pages`) summed per page and hour, for `addPageTotals`. */
export function pageHourTotals(pages: RawBuilder<unknown>): RawBuilder<unknown> {
  const pageKeys = columnList(ROLLUPS.pages.keys);
  return sql`SELECT hour, ${pageKeys}, sum(pings), sum(active_ms) FROM ${pages}
        GROUP BY hour, ${pageKeys}`;
}

/** Rows shaped like `analytics_session_pages` (`pages`) summed per page and UTC day, for `addPageTotals`. */
export function pageDayTotals(pages: RawBuilder<unknown>): RawBuilder<unknown> {
  const pageKeys = columnList(ROLLUPS.pages.keys);
  return sql`SELECT ${HOUR_DAY}, ${pageKeys}, sum(pings), sum(active_ms) FROM ${pages}
        GROUP BY 1, ${pageKeys}`;
}

/**
 * Adds per-page totals to a page table (`rows`: its `hour` or `day`, then the page rollup's keys
 * and measures), summing into the rows already there.
 */
export function addPageTotals(
  table: 'analytics_page_hours' | 'analytics_page_days',
  rows: RawBuilder<unknown>,
): RawBuilder<unknown> {
  const time = sql.ref(table === 'analytics_page_hours' ? 'hour' : 'day');
  const { keys, measures } = ROLLUPS.pages;
  const sums = sql.join(
    measures.map(
      (measure) =>
        sql`${sql.ref(measure)} = ${sql.table(table)}.${sql.ref(measure)} + excluded.${sql.ref(measure)}`,
    ),
  );
  return sql`
    INSERT INTO ${sql.table(table)} (${time}, ${columnList(keys)}, ${columnList(measures)})
    ${rows}
    ON CONFLICT (doc_id, ${time}, page, is_bot, course_id) DO UPDATE SET ${sums}`;
}
