import { type RawBuilder, sql } from 'kysely';

/**
 * The one list of the rollups' columns (tables in migration 0005), read by the refresh that
 * writes the rows (rollups/) and by the queries that select them (queries/), so that a column
 * added to a rollup is added to both. docs/stats-api.md, "Rollups".
 */

/**
 * Where a visitor came from and on what: columns of the session rollups, and each also a
 * dimension of the site's session sets (`expandSessionSets`).
 */
export const SESSION_SET_COLUMNS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'referrer_host',
  'browser',
  'os',
  'device',
] as const;

export interface Rollup {
  /** The hourly table (`hour`, then for per-session rollups `session_id`, then the columns). */
  hours: string;
  /** The daily table (`day`, then for per-session rollups `session_key`, then the columns). */
  days: string;
  /** What a row is grouped by besides its hour or day and its session. */
  keys: readonly string[];
  /** What a row counts for its group. */
  measures: readonly string[];
  /** Whether rows are per session. */
  perSession: boolean;
}

export const ROLLUPS = {
  sessions: {
    hours: 'analytics_session_hours',
    days: 'analytics_session_days',
    keys: ['course_id', 'doc_id', 'is_bot', ...SESSION_SET_COLUMNS],
    measures: ['events', 'views', 'active_ms', 'max_depth', 'last_page', 'last_page_at'],
    perSession: true,
  },
  pages: {
    hours: 'analytics_page_hours',
    days: 'analytics_page_days',
    keys: ['course_id', 'doc_id', 'is_bot', 'page'],
    measures: ['pings', 'active_ms'],
    perSession: false,
  },
  actions: {
    hours: 'analytics_action_hours',
    days: 'analytics_action_days',
    keys: ['course_id', 'doc_id', 'is_bot', 'type', 'name', 'action'],
    measures: ['events'],
    perSession: true,
  },
} as const satisfies Record<string, Rollup>;

export type RollupKind = keyof typeof ROLLUPS;

/**
 * The UTC `date` of a moment (an hourly row's `hour`, a read's end): the day whose row in the
 * day rollups it counts in.
 */
export function utcDayOf(moment: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(date_trunc('day', ${moment}, 'UTC') AT TIME ZONE 'UTC')::date`;
}

/** The UTC day of an hourly rollup row's `hour`. */
export const HOUR_DAY = utcDayOf(sql`hour`);

/** `columns` as a comma-separated SQL list, each qualified by `table` when one is given. */
export function columnList(columns: readonly string[], table?: string): RawBuilder<unknown> {
  return sql.join(columns.map((column) => sql.ref(table ? `${table}.${column}` : column)));
}
