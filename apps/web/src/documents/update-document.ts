import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';
import type { Viewer } from '@/auth/viewer';
import { documentPath, slugify } from '@/catalog/refs';
import { parseOrThrow } from '@/errors/parse-or-throw';
import { documentChangesSchema } from './document-input';
import { getEditableDocument } from './get-editable-document';

/**
 * Changes the fields sent (the uploader, the course owner or an admin). A new title gives a new
 * slug; links with the old one redirect, since the id is the key.
 */
export async function updateDocument(
  db: Kysely<Database>,
  viewer: Viewer | null,
  input: { documentId: number; changes: unknown },
): Promise<{ id: number; slug: string; href: string }> {
  await getEditableDocument(db, viewer, input.documentId);
  const changes = parseOrThrow(documentChangesSchema, input.changes);
  const updated = await db
    .updateTable('documents')
    .set({
      ...changes,
      ...(changes.title === undefined ? {} : { slug: slugify(changes.title) }),
      updated_at: sql`now()`,
    })
    .where('id', '=', input.documentId)
    .returning(['id', 'slug'])
    .executeTakeFirstOrThrow();
  return { ...updated, href: documentPath(updated) };
}
