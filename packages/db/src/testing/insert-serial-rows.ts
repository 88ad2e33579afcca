import type { InsertObject, Kysely } from 'kysely';
import type { Database } from '../schema';

/** The tables whose rows tests refer to by their serial `id`. */
type SerialTable = 'courses' | 'documents';

/** One id for each row given: a tuple of rows gives a tuple of ids, to destructure. */
export type IdsOf<Rows extends readonly unknown[]> = { -readonly [Index in keyof Rows]: number };

/** Stores the rows in one INSERT; their ids, in the rows' order. */
export async function insertSerialRows<Table extends SerialTable>(
  db: Kysely<Database>,
  table: Table,
  rows: InsertObject<Database, Table>[],
): Promise<number[]> {
  const stored = await db.insertInto(table).values(rows).returning('id').execute();
  // PostgreSQL returns the rows of one INSERT … VALUES in the order they were given.
  return stored.map((row) => row.id);
}
