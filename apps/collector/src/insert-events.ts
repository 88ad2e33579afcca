import type pg from 'pg';
import type { EventRow } from './to-event-rows';

/** Column and its PostgreSQL type, as the batch's JSON records are read. */
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
  ['user_id', 'text'],
] as const satisfies readonly (readonly [keyof EventRow, string])[];

/**
 * One statement for any number of rows: the batch travels as one JSON parameter that
 * PostgreSQL unpacks with `json_to_recordset` (V8's JSON.stringify is far cheaper than
 * encoding 37 array parameters, and the server parses JSON natively). Its text never
 * changes, so it is prepared once per connection; a batch of 2,000 events costs one round trip
 * and one commit. Duplicate ids (a retried send, or the same event twice in one batch) are
 * skipped by the primary key.
 */
const INSERT_EVENTS_SQL = `
  INSERT INTO events (${COLUMNS.map(([column]) => column).join(', ')})
  SELECT ${COLUMNS.map(([column]) => column).join(', ')}
  FROM json_to_recordset($1::json) AS batch(${COLUMNS.map(([column, type]) => `${column} ${type}`).join(', ')})
  ON CONFLICT (event_id, received_at) DO NOTHING`;

export type Queryable = Pick<pg.Pool, 'query'>;

/** Inserts the rows in one statement (one transaction); resolves with the number of new rows. */
export async function insertEvents(db: Queryable, rows: readonly EventRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await db.query({
    name: 'coursepack_insert_events',
    text: INSERT_EVENTS_SQL,
    values: [toJsonParameter(rows)],
  });
  return result.rowCount ?? 0;
}

/**
 * JSON.stringify escapes a lone UTF-16 surrogate (`\ud800`), which JavaScript strings may
 * hold but PostgreSQL's JSON parser refuses, failing the whole batch. Paired surrogates are
 * written as the characters themselves, so every `\ud800`–`\udfff` escape not preceded by an
 * escaped backslash is a lone one: it becomes U+FFFD, as a UTF-8 encoder would make it.
 */
export function toJsonParameter(rows: readonly EventRow[]): string {
  const json = JSON.stringify(rows);
  // The cheap test first: almost every batch has no such escape at all.
  return /\\u[dD][89a-fA-F]/.test(json) ? json.replace(LONE_SURROGATE_ESCAPE, '$1\\ufffd') : json;
}

const LONE_SURROGATE_ESCAPE = /(?<!\\)((?:\\\\)*)\\u[dD][89a-fA-F][0-9a-fA-F]{2}/g;

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
