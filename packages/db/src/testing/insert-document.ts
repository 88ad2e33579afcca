import type { InsertObject, Kysely } from 'kysely';
import type { Database } from '../schema';
import { type IdsOf, insertSerialRows } from './insert-serial-rows';

/** A document as a test says it: its course, and whichever other columns matter to the test. */
export type DocumentFields = Partial<InsertObject<Database, 'documents'>> &
  Pick<InsertObject<Database, 'documents'>, 'course_id'>;

let documentsMade = 0;

/**
 * A `documents` row: published lecture notes named `document-<n>` / `Document <n>` unless the
 * test says otherwise, the table's defaults for the rest (status `ready`, no pages, no file); n
 * counts the rows made in this test file, so slugs never collide.
 */
export function documentRow(fields: DocumentFields): InsertObject<Database, 'documents'> {
  documentsMade += 1;
  return {
    slug: `document-${documentsMade}`,
    title: `Document ${documentsMade}`,
    kind: 'notes',
    published: true,
    ...fields,
  };
}

/** Stores the documents (see documentRow); their ids, in the rows' order. */
export async function insertDocuments<const Rows extends readonly DocumentFields[]>(
  db: Kysely<Database>,
  rows: Rows,
): Promise<IdsOf<Rows>> {
  return (await insertSerialRows(db, 'documents', rows.map(documentRow))) as IdsOf<Rows>;
}

/** Stores one document (see documentRow); its id. */
export async function insertDocument(
  db: Kysely<Database>,
  document: DocumentFields,
): Promise<number> {
  const [id] = await insertDocuments(db, [document]);
  return id;
}
