import type { Database } from '@coursepack/db/schema';
import { insertCourseTaxonomy } from '@coursepack/db/testing/insert-catalog-taxonomy';
import { insertCourses } from '@coursepack/db/testing/insert-course';
import { insertDocuments } from '@coursepack/db/testing/insert-document';
import { insertUsers } from '@coursepack/db/testing/insert-user';
import { createTestDatabase, type TestDatabase } from '@coursepack/db/testing/test-database';
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deleteMemberContent } from './delete-member-content';
import { getAccountOverview } from './get-account-overview';

let testDb: TestDatabase;
let db: Kysely<Database>;
const ids = { shared: 0, solo: 0, theirsDoc: 0, soloDoc: 0, othersDoc: 0, othersCourse: 0 };

// Each test deletes or counts across whole tables: each gets its own database (a clone of the
// migrated template, made in milliseconds) with the leaver's fixture.
beforeEach(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  await insertUsers(db, [
    { id: 'leaver', name: 'Leaver', image: 'avatars/leaver-abc' },
    { id: 'stayer', name: 'Stayer' },
  ]);
  const taxonomy = await insertCourseTaxonomy(db, {
    institution: { slug: 'hill', name: 'Hill College' },
    subject: { slug: 'biology', name: 'Biology' },
  });
  const course = (slug: string, owner: string, cover: string) => ({
    slug,
    title: slug,
    ...taxonomy,
    owner_id: owner,
    cover_asset_id: cover,
  });
  [ids.shared, ids.solo, ids.othersCourse] = await insertCourses(db, [
    course('shared', 'leaver', 'covers/shared'),
    course('solo', 'leaver', 'covers/solo'),
    course('others', 'stayer', 'covers/others'),
  ]);
  const document = (courseId: number, slug: string, owner: string) => ({
    course_id: courseId,
    slug,
    title: slug,
    owner_id: owner,
    media_asset_id: `documents/${slug}`,
  });
  [ids.theirsDoc, ids.soloDoc, ids.othersDoc] = await insertDocuments(db, [
    document(ids.shared, 'theirs-in-shared', 'leaver'),
    document(ids.solo, 'theirs-in-solo', 'leaver'),
    document(ids.shared, 'others-in-shared', 'stayer'),
    document(ids.othersCourse, 'theirs-in-others', 'leaver'),
  ]);
});

afterEach(async () => {
  await testDb.destroy();
});

describe("deleting a leaving member's content", () => {
  it('is announced on the account page with the counts it will delete and keep', async () => {
    const leaver = {
      id: 'leaver',
      email: 'leaver@example.org',
      name: 'Leaver',
      role: 'member' as const,
      emailVerified: true,
      image: null,
    };
    await db
      .insertInto('course_follows')
      .values({ user_id: 'leaver', course_id: ids.shared })
      .execute();
    expect(await getAccountOverview(db, leaver)).toEqual({
      hasPassword: false,
      documents: 3,
      coursesDeleted: 1,
      coursesKept: 1,
      follows: 1,
      bookmarks: 0,
    });
  });

  it('deletes their documents and courses, keeps what others contributed, and queues the deletion of their files', async () => {
    const counts = await deleteMemberContent(db, 'leaver');

    expect(counts).toEqual({ documents: 3, courses: 1 });
    const documents = await db.selectFrom('documents').select(['slug', 'owner_id']).execute();
    expect(documents).toEqual([{ slug: 'others-in-shared', owner_id: 'stayer' }]);
    const courses = await db
      .selectFrom('courses')
      .select(['slug', 'owner_id'])
      .orderBy('slug')
      .execute();
    // "shared" holds someone else's document, so it stays (its owner goes with the user row).
    expect(courses).toEqual([
      { slug: 'others', owner_id: 'stayer' },
      { slug: 'shared', owner_id: 'leaver' },
    ]);
    // The worker deletes them, retrying while the media service is away.
    const queued = await sql<{ publicId: string }>`
      SELECT data->>'publicId' AS "publicId" FROM pgboss.job
      WHERE name = 'destroy-media' ORDER BY 1`.execute(db);
    expect(queued.rows.map((row) => row.publicId)).toEqual([
      'avatars/leaver-abc',
      'covers/solo',
      'documents/theirs-in-others',
      'documents/theirs-in-shared',
      'documents/theirs-in-solo',
    ]);
  });

  it('leaves a kept course without an owner once the account row is deleted', async () => {
    await db.deleteFrom('users').where('id', '=', 'leaver').execute();
    const shared = await db
      .selectFrom('courses')
      .where('id', '=', ids.shared)
      .select('owner_id')
      .executeTakeFirstOrThrow();
    expect(shared.owner_id).toBeNull();
  });
});
