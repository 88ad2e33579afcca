import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations';
import { insertCourse } from './testing/insert-course';
import { insertDocument } from './testing/insert-document';
import { insertDocumentPages } from './testing/insert-document-pages';
import { createTestDatabase, type TestDatabase } from './testing/test-database';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.destroy());

async function seedCourse(): Promise<number> {
  const { db } = testDb;
  // Names are unique once folded (migration 0021), like slugs: each course gets its own.
  const unique = Math.random().toString(36).slice(2, 8);
  const institution = await db
    .insertInto('institutions')
    .values({ slug: `inst-${unique}`, name: `Institute ${unique}`, country: 'NL' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const subject = await db
    .insertInto('subjects')
    .values({ slug: `subj-${unique}`, name: `Mathematics ${unique}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return insertCourse(db, {
    slug: 'linear-algebra',
    title: 'Linear Algebra',
    subject_id: subject.id,
    institution_id: institution.id,
    description: 'Vector spaces and eigenvalues',
  });
}

describe('migrations', () => {
  it('records every migration as applied in the template the suites clone', async () => {
    const applied = await sql<{
      name: string;
    }>`SELECT name FROM kysely_migration ORDER BY name`.execute(testDb.db);
    expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(migrations));
  });

  it('refuses a database that ran a migration this code does not have', async () => {
    const renamed = await createTestDatabase();
    try {
      await sql`UPDATE kysely_migration SET name = '0005-analytics-rollups' WHERE name = '0005-analytics'`.execute(
        renamed.db,
      );
      await expect(migrateToLatest(renamed.db)).rejects.toThrow(
        'Migrations could not run: corrupted migrations: previously executed migration 0005-analytics-rollups is missing',
      );
    } finally {
      await renamed.destroy();
    }
  });

  it('weights course titles above descriptions in the search vector', async () => {
    const courseId = await seedCourse();
    const { rows } = await sql<{ vector: string }>`
      SELECT search_vector::text AS vector FROM courses WHERE id = ${courseId}`.execute(testDb.db);
    expect(rows[0]?.vector).toMatch(/'linear':1A/);
    expect(rows[0]?.vector).toMatch(/'eigenvalu':\d+B/);
  });

  it('rejects a document kind outside the fixed list', async () => {
    const courseId = await seedCourse();
    await expect(
      insertDocument(testDb.db, {
        course_id: courseId,
        slug: 'week-1',
        title: 'Week 1',
        kind: 'poster' as 'notes',
      }),
    ).rejects.toThrow(/documents_kind_check/);
  });

  it('rejects slugs that would break URLs', async () => {
    const courseId = await seedCourse();
    await expect(
      insertDocument(testDb.db, { course_id: courseId, slug: '../Week 1', title: 'Week 1' }),
    ).rejects.toThrow(/documents_slug_check/);
  });

  it('refuses a second document with the same file checksum', async () => {
    const courseId = await seedCourse();
    const checksum = 'a'.repeat(64);
    await insertDocument(testDb.db, {
      course_id: courseId,
      slug: 'notes-a',
      title: 'Notes A',
      checksum,
    });
    await expect(
      insertDocument(testDb.db, {
        course_id: courseId,
        slug: 'notes-b',
        title: 'Notes B',
        checksum,
      }),
    ).rejects.toThrow(/documents_checksum_idx/);
  });

  it('deletes a document’s pages with the document', async () => {
    const courseId = await seedCourse();
    const documentId = await insertDocument(testDb.db, {
      course_id: courseId,
      slug: 'paged',
      title: 'Paged',
      kind: 'slides',
    });
    await insertDocumentPages(testDb.db, documentId, ['first', 'second']);
    await testDb.db.deleteFrom('documents').where('id', '=', documentId).execute();
    const left = await testDb.db
      .selectFrom('document_pages')
      .where('document_id', '=', documentId)
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(left.n).toBe(0);
  });
});
