import type { Database } from '@coursepack/db/schema';
import { type RawBuilder, sql, type Transaction } from 'kysely';

/**
 * A table one step of a refresh writes and a later step reads, as a value. Steps take the tables
 * they read and return those they create, so a step's signature says which step feeds it, and
 * the type (which carries the name) keeps a step from being handed another step's table.
 */
export interface RefreshTable<Name extends string> {
  readonly name: Name;
  /** The table in a statement: `FROM ${table.ref}`. */
  readonly ref: RawBuilder<unknown>;
}

/**
 * The temporary tables of an incremental refresh, by what they hold: the one place their names
 * are written. They go with the refresh's transaction (ON COMMIT DROP).
 */
export const TEMPORARY_TABLES = {
  /** The events stored since the previous refresh (`pickNewEvents`). */
  newEvents: 'analytics_new',
  /** The new events and the stored pings next to them, classified (`classifyNewEvents`). */
  classified: 'analytics_classified',
  /** Changes to `analytics_session_hours`, one row per row changed (`mergeSessionChanges`). */
  sessionHourChanges: 'analytics_session_changes',
  /** Changes to `analytics_session_days`, with `settled` (`mergeSessionChanges`). */
  sessionDayChanges: 'analytics_session_day_changes',
  /** Changes to `analytics_session_pages` (`mergePageChanges`). */
  pageHourChanges: 'analytics_page_changes',
  /** Changes to `analytics_action_hours` (`mergeActionChanges`). */
  actionHourChanges: 'analytics_action_changes',
  /** Changes to `analytics_action_days` (`mergeActionChanges`). */
  actionDayChanges: 'analytics_action_day_changes',
  /** Changes to the day visitor sets, shaped like `analytics_session_sets` (`mergeSetChanges`). */
  daySetChanges: 'analytics_day_set_changes',
  /** Reads whose end moved, with where each stood before (`advanceReadEnds`). */
  readEndChanges: 'analytics_read_end_changes',
  /** The change in `analytics_read_end_days` those moves make (`advanceReadEnds`). */
  readEndDayChanges: 'analytics_read_end_day_changes',
} as const;

export type TemporaryTableKey = keyof typeof TEMPORARY_TABLES;

/** The handle of the temporary table `Key`. */
export type TemporaryTable<Key extends TemporaryTableKey> = RefreshTable<
  (typeof TEMPORARY_TABLES)[Key]
>;

/** A stored table as a step's input (the full recompute hands steps the tables themselves). */
export type StoredTable<Name extends keyof Database & string> = RefreshTable<Name>;

export function storedTable<Name extends keyof Database & string>(name: Name): StoredTable<Name> {
  return { name, ref: sql.table(name) };
}

/** Creates the temporary table `key` as the rows of `rows`, and returns its handle. */
export async function createTemporaryTable<Key extends TemporaryTableKey>(
  trx: Transaction<Database>,
  key: Key,
  rows: RawBuilder<unknown>,
): Promise<TemporaryTable<Key>> {
  const name = TEMPORARY_TABLES[key];
  const table = { name, ref: sql.table(name) };
  await sql`CREATE TEMPORARY TABLE ${table.ref} ON COMMIT DROP AS ${rows}`.execute(trx);
  return table;
}
