import type pg from 'pg';
import type { EventRow } from './to-event-rows';

/** Column, PostgreSQL array element type. The order is the statement's parameter order. */
const COLUMNS = [
  ['event_id', 'uuid'],
  ['received_at', 'timestamptz'],
  ['type', 'text'],
  ['name', 'text'],
  ['action', 'text'],
  ['date', 'timestamptz'],
  ['environment', 'text'],
  ['app', 'text'],
  ['url_path_version', 'text'],
  ['client', 'text'],
  ['related_id', 'int8'],
  ['related_entity', 'text'],
  ['course_id', 'int8'],
  ['doc_id', 'int8'],
  ['action_meta', 'jsonb'],
  ['session_id', 'uuid'],
  ['path', 'text'],
  ['path_with_params', 'text'],
  ['utm', 'bool'],
  ['utm_source', 'text'],
  ['utm_medium', 'text'],
  ['utm_campaign', 'text'],
  ['utm_term', 'text'],
  ['utm_content', 'text'],
  ['referrer', 'text'],
  ['referred_by', 'text'],
  ['location', 'text'],
  ['browser', 'text'],
  ['browser_version', 'text'],
  ['os', 'text'],
  ['os_version', 'text'],
  ['device', 'text'],
  ['device_vendor', 'text'],
  ['device_model', 'text'],
  ['is_bot', 'bool'],
  ['ip_hash', 'text'],
] as const satisfies readonly (readonly [keyof EventRow, string])[];

/**
 * One statement for any number of rows: one array parameter per column, zipped by `unnest`.
 * Its text never changes, so it is prepared once per connection, and a batch of 2,000 events
 * costs one parse-free round trip and one commit. Duplicate ids (a retried send, or the same
 * event twice in one batch) are skipped by the primary key.
 */
const INSERT_EVENTS_SQL = `
  INSERT INTO events (${COLUMNS.map(([column]) => column).join(', ')})
  SELECT * FROM unnest(${COLUMNS.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ')})
  ON CONFLICT (event_id, received_at) DO NOTHING`;

export type Queryable = Pick<pg.Pool, 'query'>;

/** Inserts the rows in one statement (one transaction); resolves with the number of new rows. */
export async function insertEvents(db: Queryable, rows: readonly EventRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const values = COLUMNS.map(([column]) => rows.map((row) => row[column]));
  const result = await db.query({
    name: 'coursepack_insert_events',
    text: INSERT_EVENTS_SQL,
    values,
  });
  return result.rowCount ?? 0;
}

/**
 * Whether an error means "the data was refused" rather than "the database could not be
 * reached or could not finish": SQLSTATE classes 22 (data exception), 23 (integrity) and
 * 42 (syntax or access: a missing table). Everything else (connection errors, shutdowns,
 * timeouts, serialization failures) is worth retrying.
 */
export function isRefusedData(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error;
  return typeof code === 'string' && /^(22|23|42)[0-9A-Z]{3}$/.test(code);
}
