import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as catalogNameKeys from './migrations/0021-catalog-name-keys';
import { createTestDatabase, type TestDatabase } from './testing/test-database';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.destroy());

describe('migration 0021 (catalog name keys)', () => {
  it('merges rows that already share a name once folded, moving their courses, then keys them', async () => {
    const { db } = testDb;
    // Migrations are written against no schema (the one they make is not theirs to assume).
    const untyped = db as unknown as Kysely<unknown>;
    // The database as it was before 0021, holding what fixed lists and hand edits could make.
    await catalogNameKeys.down(untyped);
    await sql`
      INSERT INTO institutions (id, slug, name) VALUES
        (101, 'universite-laval', 'Université Laval'),
        (102, 'laval', 'UNIVERSITE  LAVAL'),
        (103, 'mit', 'MIT')`.execute(db);
    await sql`INSERT INTO subjects (id, slug, name) VALUES (201, 'maths', 'Maths')`.execute(db);
    await sql`
      INSERT INTO courses (id, slug, title, subject_id, institution_id, published) VALUES
        (301, 'a', 'A', 201, 101, true), (302, 'b', 'B', 201, 102, false),
        (303, 'c', 'C', 201, 103, true)`.execute(db);

    await catalogNameKeys.up(untyped);

    const institutions = await db
      .selectFrom('institutions')
      .select(['id', 'name', 'name_key'])
      .orderBy('id')
      .execute();
    expect(institutions).toEqual([
      { id: 101, name: 'Université Laval', name_key: 'universite laval' },
      { id: 103, name: 'MIT', name_key: 'mit' },
    ]);
    const courses = await db
      .selectFrom('courses')
      .select(['id', 'institution_id'])
      .orderBy('id')
      .execute();
    expect(courses).toEqual([
      { id: 301, institution_id: 101 },
      { id: 302, institution_id: 101 },
      { id: 303, institution_id: 103 },
    ]);
    await expect(
      sql`INSERT INTO institutions (slug, name) VALUES ('mit-2', ' mit ')`.execute(db),
    ).rejects.toThrow(/institutions_name_key/);
  });
});
