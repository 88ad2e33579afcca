import type { Database } from '@coursepack/db/schema';
import { type RawBuilder, sql, type Transaction } from 'kysely';
import { columnList, ROLLUPS, type RollupKind } from '../../rollup-columns';
import type { TemporaryTable } from './refresh-tables';

export type Grain = 'hours' | 'days';

/**
 * Merges a per-session rollup table's changes (`changes`: rows shaped like the table's, at most
 * one per row of it) into it: `combine` (a SET list over the table's row `r` and the change `c`)
 * where the row exists (`sameRow`), a new row otherwise.
 */
export async function mergeRows(
  trx: Transaction<Database>,
  kind: RollupKind,
  grain: Grain,
  changes: TemporaryTable<
    | 'sessionHourChanges'
    | 'sessionDayChanges'
    | 'pageHourChanges'
    | 'actionHourChanges'
    | 'actionDayChanges'
  >,
  combine: RawBuilder<unknown>,
) {
  const { keys, measures } = ROLLUPS[kind];
  const identity = rowIdentity(grain);
  // Pages are kept per session apart from the totals queries read (`ROLLUPS.pages.hours`).
  const table = kind === 'pages' ? 'analytics_session_pages' : (ROLLUPS[kind][grain] as string);
  // Hourly rows of sessions and actions also carry the session's key.
  const extra = grain === 'hours' && kind !== 'pages' ? ['session_key'] : [];
  const columns = [...identity, ...keys, ...measures, ...extra];
  await sql`
    WITH changes AS MATERIALIZED (
      SELECT row_number() OVER () AS change, c.* FROM ${changes.ref} AS c),
    updated AS (
      UPDATE ${sql.table(table)} AS r SET ${combine}
      FROM changes AS c
      WHERE ${sameRow(kind, grain)}
      RETURNING c.change
    )
    INSERT INTO ${sql.table(table)} (${columnList(columns)})
    SELECT ${columnList(columns, 'c')}
    FROM changes AS c
    WHERE c.change NOT IN (SELECT change FROM updated)`.execute(trx);
}

/** The columns that, with a rollup's keys, tell its rows of one grain apart. */
function rowIdentity(grain: Grain): string[] {
  return grain === 'hours' ? ['hour', 'session_id'] : ['day', 'session_key'];
}

/**
 * The same row of a per-session rollup in `r` and `c`. Keys may be null, so they are matched
 * with IS NOT DISTINCT FROM; rows are found by (session_id, hour) or (session_key, day).
 */
export function sameRow(kind: RollupKind, grain: Grain): RawBuilder<unknown> {
  return sql.join(
    [
      ...rowIdentity(grain).map((column) => sql`r.${sql.ref(column)} = c.${sql.ref(column)}`),
      ...ROLLUPS[kind].keys.map(
        (key) => sql`r.${sql.ref(key)} IS NOT DISTINCT FROM c.${sql.ref(key)}`,
      ),
    ],
    sql` AND `,
  );
}
