import type { Database } from '@coursepack/db/schema';
import { insertCourseTaxonomy } from '@coursepack/db/testing/insert-catalog-taxonomy';
import { insertCourse } from '@coursepack/db/testing/insert-course';
import { insertDocuments } from '@coursepack/db/testing/insert-document';
import { createTestDatabase, type TestDatabase } from '@coursepack/db/testing/test-database';
import {
  startTestMediaService,
  type TestMediaService,
} from '@coursepack/media/testing/start-test-media-service';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '@/auth/viewer';
import { queuedMediaDeletions } from '@/testing/queued-media-deletions';
import { rejection } from '@/testing/rejection';
import { insertNewViewer, insertViewers, testViewer } from '@/testing/test-viewer';
import { countCourseFollowers } from './count-course-followers';
import { getBookmarkState } from './get-bookmark-state';
import { getFollowState } from './get-follow-state';
import { listLibrary } from './list-library';
import { setBookmarked } from './set-bookmarked';
import { setFollowing } from './set-following';
import { setUserRole } from './set-user-role';
import { uploadAvatar } from './upload-avatar';

let testDb: TestDatabase;
let db: Kysely<Database>;
let media: TestMediaService;

const ada = testViewer('ada');
const bob = testViewer('bob');
const admin = testViewer('root', 'admin');
const ids = { course: 0, draft: 0, other: 0, notes: 0, exam: 0, hiddenDoc: 0 };

beforeAll(async () => {
  [testDb, media] = await Promise.all([createTestDatabase(), startTestMediaService()]);
  db = testDb.db;
  await insertViewers(db, [ada, bob, admin]);
  taxonomy = await insertCourseTaxonomy(db, {
    institution: { slug: 'lakeside', name: 'Lakeside' },
    subject: { slug: 'physics', name: 'Physics' },
  });
  const [main, draft, other] = await Promise.all([
    insertOwnCourse('mechanics', true, 'bob'),
    insertOwnCourse('draft', false, 'bob'),
    insertOwnCourse('optics', true, null),
  ]);
  Object.assign(ids, { course: main, draft, other });
  [ids.notes, ids.exam, ids.hiddenDoc] = await insertDocuments(db, [
    { course_id: main, slug: 'notes', title: 'Notes' },
    { course_id: main, slug: 'exam', title: 'Exam', kind: 'exam' },
    { course_id: main, slug: 'hidden', title: 'Hidden', published: false },
  ]);
});

afterAll(async () => {
  await Promise.all([testDb.destroy(), media.close()]);
});

let taxonomy = { subject_id: 0, institution_id: 0 };

/** A course of its own for a test whose counts must start from nothing. */
function insertOwnCourse(slug: string, published = true, owner: string | null = null) {
  return insertCourse(db, { slug, title: slug, ...taxonomy, published, owner_id: owner });
}

describe('following courses', () => {
  it('counts each follower once however often they follow', async () => {
    const courseId = await insertOwnCourse('counted');
    const [ada, bob] = [await insertNewViewer(db, 'ada'), await insertNewViewer(db, 'bob')];
    expect(await setFollowing(db, ada, courseId, true)).toEqual({ following: true, followers: 1 });
    expect(await setFollowing(db, ada, courseId, true)).toEqual({ following: true, followers: 1 });
    await setFollowing(db, bob, courseId, true);
    expect(await countCourseFollowers(db, courseId)).toBe(2);
    expect(await getFollowState(db, null, courseId)).toEqual({ following: false, followers: 2 });
  });

  it('unfollows idempotently', async () => {
    const courseId = await insertOwnCourse('unfollowed');
    const [ada, bob] = [await insertNewViewer(db, 'ada'), await insertNewViewer(db, 'bob')];
    await setFollowing(db, ada, courseId, true);
    await setFollowing(db, bob, courseId, true);
    const gone = { following: false, followers: 1 };
    expect(await setFollowing(db, bob, courseId, false)).toEqual(gone);
    expect(await setFollowing(db, bob, courseId, false)).toEqual(gone);
  });

  it('asks an anonymous visitor to sign in (401)', async () => {
    expect((await rejection(setFollowing(db, null, ids.course, true))).status).toBe(401);
    expect((await rejection(setFollowing(db, null, ids.course, false))).status).toBe(401);
  });

  it("answers 404 for a draft the member cannot see, or a course that doesn't exist", async () => {
    expect((await rejection(setFollowing(db, ada, ids.draft, true))).status).toBe(404);
    expect((await rejection(setFollowing(db, ada, 424242, true))).status).toBe(404);
    expect(await setFollowing(db, bob, ids.draft, true)).toMatchObject({ following: true });
  });
});

describe('bookmarking documents', () => {
  it('bookmarks and removes idempotently', async () => {
    expect(await setBookmarked(db, ada, ids.notes, true)).toEqual({
      bookmarked: true,
    });
    expect(await setBookmarked(db, ada, ids.notes, true)).toEqual({
      bookmarked: true,
    });
    expect(await getBookmarkState(db, ada, ids.notes)).toEqual({ bookmarked: true });
    expect(await setBookmarked(db, ada, ids.notes, false)).toEqual({ bookmarked: false });
    expect(await setBookmarked(db, ada, ids.notes, false)).toEqual({ bookmarked: false });
    expect(await getBookmarkState(db, null, ids.notes)).toEqual({ bookmarked: false });
  });

  it('asks an anonymous visitor to sign in and hides unpublished documents (404)', async () => {
    expect((await rejection(setBookmarked(db, null, ids.notes, true))).status).toBe(401);
    expect((await rejection(setBookmarked(db, ada, ids.hiddenDoc, true))).status).toBe(404);
    // The course owner may see (and so bookmark) the unpublished document.
    expect(await setBookmarked(db, bob, ids.hiddenDoc, true)).toEqual({
      bookmarked: true,
    });
  });
});

describe("a member's library", () => {
  it('lists followed courses and bookmarked documents, newest first', async () => {
    const reader = await insertNewViewer(db, 'reader');
    await setFollowing(db, reader, ids.course, true);
    await setFollowing(db, reader, ids.other, true);
    await setBookmarked(db, reader, ids.exam, true);
    await setBookmarked(db, reader, ids.notes, true);
    const library = await listLibrary(db, reader);
    expect(library.courses.map((c) => c.slug)).toEqual(['optics', 'mechanics']);
    expect(library.documents.map((d) => d.slug)).toEqual(['notes', 'exam']);
    expect(library.documents[0]?.course.slug).toBe('mechanics');
  });

  it('is empty for a member who has not followed or bookmarked anything', async () => {
    const newcomer = await insertNewViewer(db, 'newcomer');
    expect(await listLibrary(db, newcomer)).toEqual({ courses: [], documents: [] });
  });

  it('leaves out what is no longer public', async () => {
    // bob follows his own draft and bookmarks his unpublished document: neither is listed.
    await setFollowing(db, bob, ids.draft, true);
    await setBookmarked(db, bob, ids.hiddenDoc, true);
    const library = await listLibrary(db, bob);
    expect(library.courses).toEqual([]);
    expect(library.documents).toEqual([]);
  });

  it('asks an anonymous visitor to sign in (401)', async () => {
    expect((await rejection(listLibrary(db, null))).status).toBe(401);
  });
});

describe('roles', () => {
  it('lets the command line make an existing account an admin, once', async () => {
    const { id, email } = await insertNewViewer(db, 'promoted');
    expect(
      await setUserRole(db, 'command-line', { email: ` ${email.toUpperCase()} `, role: 'admin' }),
    ).toEqual({ id, email, role: 'admin', changed: true });
    const again = await setUserRole(db, 'command-line', { email, role: 'admin' });
    expect(again.changed).toBe(false);
  });

  it('says clearly when no account uses the address', async () => {
    const error = await rejection(
      setUserRole(db, 'command-line', { email: 'nobody@example.org', role: 'admin' }),
    );
    expect(error.status).toBe(404);
    expect(error.message).toBe(
      'No account uses nobody@example.org. Sign up with that address first, then run this again.',
    );
  });

  it('refuses members (403), anonymous visitors (401) and an admin changing their own role', async () => {
    const by = (actor: Viewer | null, email: string) =>
      rejection(setUserRole(db, actor, { email, role: 'admin' }));
    expect((await by(bob, 'bob@example.org')).status).toBe(403);
    expect((await by(null, 'bob@example.org')).status).toBe(401);
    const demote = await rejection(
      setUserRole(db, admin, { email: 'root@example.org', role: 'member' }),
    );
    expect(demote.status).toBe(403);
    const row = await db
      .selectFrom('users')
      .where('id', '=', 'bob')
      .select('role')
      .executeTakeFirst();
    expect(row?.role).toBe('member');
  });
});

describe('avatars', () => {
  // The real media service with a wrong secret refuses every upload, which uploadAvatar reports
  // as a 500: a 401 or 415 from it was decided before any upload.
  const refusingMedia = () => ({ ...media.credentials, apiSecret: 'not-the-secret' });

  const image = () =>
    sharp({ create: { width: 200, height: 200, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer();

  it("stores the upload under the member's avatar prefix and queues their previous one's deletion", async () => {
    const first = await uploadAvatar(db, media.credentials, ada, { file: await image() });
    expect(first.image).toMatch(/^avatars\/ada-[0-9a-f]{12}$/);
    const second = await uploadAvatar(db, media.credentials, ada, { file: await image() });
    expect(await queuedMediaDeletions(db)).toContain(first.image);
    const row = await db
      .selectFrom('users')
      .where('id', '=', 'ada')
      .select('image')
      .executeTakeFirst();
    expect(row?.image).toBe(second.image);
  });

  it("never destroys a file that is not the member's own upload", async () => {
    await db
      .updateTable('users')
      .set({ image: 'avatars/bob-123456abcdef' })
      .where('id', '=', 'ada')
      .execute();
    await uploadAvatar(db, media.credentials, ada, { file: await image() });
    expect(await queuedMediaDeletions(db)).not.toContain('avatars/bob-123456abcdef');
  });

  it('asks an anonymous visitor to sign in, and refuses what is not an image', async () => {
    expect(
      (await rejection(uploadAvatar(db, refusingMedia(), null, { file: await image() }))).status,
    ).toBe(401);
    const pdf = new TextEncoder().encode('%PDF-1.7\n');
    expect((await rejection(uploadAvatar(db, refusingMedia(), ada, { file: pdf }))).status).toBe(
      415,
    );
  });
});
