import type { Database } from '@coursepack/db/schema';
import { insertCourseTaxonomy } from '@coursepack/db/testing/insert-catalog-taxonomy';
import { insertCourse } from '@coursepack/db/testing/insert-course';
import { createTestDatabase, type TestDatabase } from '@coursepack/db/testing/test-database';
import {
  startTestMediaService,
  type TestMediaService,
} from '@coursepack/media/testing/start-test-media-service';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queuedMediaDeletions } from '@/testing/queued-media-deletions';
import { rejection } from '@/testing/rejection';
import { insertViewers, testViewer } from '@/testing/test-viewer';
import { createCourse } from './create-course';
import { getEditableCourse } from './get-editable-course';
import { updateCourse } from './update-course';
import { uploadCourseCover } from './upload-course-cover';

let testDb: TestDatabase;
let db: Kysely<Database>;
let media: TestMediaService;

const owner = testViewer('owner');
const other = testViewer('other');
const admin = testViewer('admin', 'admin');

const validCourse = {
  title: 'Linear Algebra',
  code: 'MATH 221',
  subject: 'mathematics',
  institution: 'northbridge',
  description: 'Vector spaces.',
};

async function png(width: number, height: number): Promise<Uint8Array> {
  return sharp({ create: { width, height, channels: 3, background: '#2f55d4' } })
    .png()
    .toBuffer();
}

beforeAll(async () => {
  [testDb, media] = await Promise.all([createTestDatabase(), startTestMediaService()]);
  db = testDb.db;
  await insertViewers(db, [owner, other, admin]);
  await insertCourseTaxonomy(db);
});

afterAll(async () => {
  await Promise.all([testDb.destroy(), media.close()]);
});

/**
 * The real media service with a wrong secret: it refuses every upload (401), which the code
 * under test reports as a 500. A refusal other than that 500 was decided before any upload.
 */
const refusingMedia = () => ({ ...media.credentials, apiSecret: 'not-the-secret' });

/** What the media service delivers for `publicId`. */
const delivered = (publicId: string) =>
  fetch(`${media.delivery.baseUrl}/${media.delivery.cloudName}/image/upload/${publicId}`);

/**
 * A published course of `owner` for one test, stored directly: createCourse limits how many
 * courses a member creates an hour, and is tested on its own below.
 */
function insertOwnedCourse(title: string): Promise<number> {
  return insertCourse(db, {
    slug: title.toLowerCase().replaceAll(' ', '-'),
    title,
    subject_id: db.selectFrom('subjects').select('id').where('slug', '=', 'mathematics'),
    institution_id: db.selectFrom('institutions').select('id').where('slug', '=', 'northbridge'),
    owner_id: owner.id,
  });
}

describe('creating a course', () => {
  it('publishes it at once, owned by its creator, with a slug from its title', async () => {
    const created = await createCourse(db, owner, validCourse);
    expect(created.slug).toBe('linear-algebra');
    const row = await db
      .selectFrom('courses')
      .where('id', '=', created.id)
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      title: 'Linear Algebra',
      code: 'MATH 221',
      description: 'Vector spaces.',
      owner_id: 'owner',
      published: true,
    });
  });

  it('asks an anonymous visitor to sign in (401)', async () => {
    const error = await rejection(createCourse(db, null, validCourse));
    expect(error.status).toBe(401);
  });

  it('refuses an empty or too-long title, naming the field', async () => {
    const empty = await rejection(createCourse(db, owner, { ...validCourse, title: '   ' }));
    expect(empty.status).toBe(400);
    expect(empty.message).toBe('Title is required.');
    expect(empty.details).toEqual({ fields: { title: 'Title is required' } });

    const long = await rejection(
      createCourse(db, owner, { ...validCourse, title: 'x'.repeat(201) }),
    );
    expect(long.details).toEqual({ fields: { title: 'Title must be at most 200 characters' } });
    const code = await rejection(createCourse(db, owner, { ...validCourse, code: 'C'.repeat(41) }));
    expect(code.details).toEqual({ fields: { code: 'Code must be at most 40 characters' } });
    const description = await rejection(
      createCourse(db, owner, { ...validCourse, description: 'd'.repeat(10_001) }),
    );
    expect(description.message).toBe('Description must be at most 10,000 characters.');
  });

  it('names every missing or unusable subject and institution', async () => {
    const missing = await rejection(createCourse(db, owner, { title: 'T' }));
    expect(missing.details).toEqual({
      fields: { subject: 'Choose a subject', institution: 'Choose an institution' },
    });
    const huge = await rejection(
      createCourse(db, owner, { ...validCourse, subject: 's'.repeat(1_000_000) }),
    );
    expect(huge.details).toEqual({ fields: { subject: 'Subject must be at most 80 characters' } });
    const withBadTitle = await rejection(
      createCourse(db, owner, { ...validCourse, title: '', institution: '   ' }),
    );
    expect(withBadTitle.message).toBe('Title is required. Choose an institution.');
  });

  it('stores hostile text exactly as typed (pages escape it)', async () => {
    const hostile = '<script>alert("x")</script> & \'; DROP TABLE courses; --';
    const created = await createCourse(db, owner, {
      ...validCourse,
      title: hostile,
      description: `<img src=x onerror=alert(1)>\n${hostile}`,
    });
    const row = await db
      .selectFrom('courses')
      .where('id', '=', created.id)
      .select(['title', 'description', 'slug'])
      .executeTakeFirstOrThrow();
    expect(row.title).toBe(hostile);
    expect(row.description).toBe(`<img src=x onerror=alert(1)>\n${hostile}`);
    expect(row.slug).toBe('script-alert-x-script-drop-table-courses');
  });

  it('refuses NUL characters with a message instead of a database error', async () => {
    const error = await rejection(createCourse(db, owner, { ...validCourse, title: 'a\u0000b' }));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Title must not contain NUL characters.');
  });
});

describe('editing a course', () => {
  let courseId: number;
  let draftId: number;

  // A fresh course per test: the edits of one test are never what another one starts from.
  beforeEach(async () => {
    courseId = await insertOwnedCourse('Owned course');
  });

  beforeAll(async () => {
    draftId = await insertCourse(db, {
      slug: 'draft',
      title: 'Secret draft',
      subject_id: (await db.selectFrom('subjects').select('id').executeTakeFirstOrThrow()).id,
      institution_id: (await db.selectFrom('institutions').select('id').executeTakeFirstOrThrow())
        .id,
      owner_id: 'owner',
      published: false,
    });
  });

  it('lets the owner change any field, and a new title gives a new slug', async () => {
    const updated = await updateCourse(db, owner, {
      courseId,
      changes: { title: 'Renamed course', code: '', description: 'New words' },
    });
    expect(updated.slug).toBe('renamed-course');
    const course = await getEditableCourse(db, owner, courseId);
    expect(course).toMatchObject({
      title: 'Renamed course',
      code: null,
      description: 'New words',
      subject: 'Mathematics',
    });
  });

  it('lets an admin edit a course they do not own', async () => {
    await updateCourse(db, admin, { courseId, changes: { code: 'ADM 1' } });
    expect((await getEditableCourse(db, admin, courseId)).code).toBe('ADM 1');
  });

  it("refuses another member's edit with 403 and changes nothing", async () => {
    const error = await rejection(
      updateCourse(db, other, { courseId, changes: { title: 'Mine now' } }),
    );
    expect(error.status).toBe(403);
    expect((await getEditableCourse(db, owner, courseId)).title).toBe('Owned course');
  });

  it('asks an anonymous visitor to sign in (401)', async () => {
    const error = await rejection(updateCourse(db, null, { courseId, changes: { title: 'X' } }));
    expect(error.status).toBe(401);
  });

  it("answers 404 for someone else's draft, so its existence is not revealed", async () => {
    expect((await rejection(getEditableCourse(db, other, draftId))).status).toBe(404);
    expect((await rejection(getEditableCourse(db, null, draftId))).status).toBe(404);
    expect((await rejection(getEditableCourse(db, other, 999_999))).status).toBe(404);
    expect((await getEditableCourse(db, owner, draftId)).title).toBe('Secret draft');
  });

  it('validates changes like a new course and keeps the stored values on a bad one', async () => {
    const error = await rejection(
      updateCourse(db, owner, { courseId, changes: { title: '', institution: '...' } }),
    );
    expect(error.status).toBe(400);
    expect(error.details).toEqual({
      fields: {
        title: 'Title is required',
        institution: 'Institution must contain a letter or a digit',
      },
    });
    expect((await getEditableCourse(db, owner, courseId)).institution).toBe(
      'Northbridge University',
    );
  });
});

describe('uploading a course cover', () => {
  let courseId: number;

  beforeEach(async () => {
    courseId = await insertOwnedCourse('Covered');
  });

  it('stores an image through the media service under a new id and queues the old one’s deletion', async () => {
    const first = await uploadCourseCover(db, media.credentials, owner, {
      courseId,
      file: await png(800, 420),
    });
    expect(first.coverAssetId).toMatch(new RegExp(`^covers/course-${courseId}-[0-9a-f]{12}$`));
    const cover = await delivered(first.coverAssetId);
    expect(cover.status).toBe(200);
    expect((await sharp(await cover.arrayBuffer()).metadata()).width).toBe(800);
    expect(await queuedMediaDeletions(db)).not.toContain(first.coverAssetId);

    const second = await uploadCourseCover(db, media.credentials, admin, {
      courseId,
      file: await png(80, 42),
    });
    expect(second.coverAssetId).not.toBe(first.coverAssetId);
    expect(await queuedMediaDeletions(db)).toContain(first.coverAssetId);
    expect((await getEditableCourse(db, owner, courseId)).coverAssetId).toBe(second.coverAssetId);
  });

  it('refuses anonymous visitors (401) and other members (403) before storing anything', async () => {
    const file = await png(64, 64);
    expect(
      (await rejection(uploadCourseCover(db, refusingMedia(), null, { courseId, file }))).status,
    ).toBe(401);
    expect(
      (await rejection(uploadCourseCover(db, refusingMedia(), other, { courseId, file }))).status,
    ).toBe(403);
  });

  it('judges the file by its content: a renamed text file is refused with 415', async () => {
    const text = new TextEncoder().encode('GIF89a, honestly');
    const error = await rejection(
      uploadCourseCover(db, refusingMedia(), owner, { courseId, file: text }),
    );
    expect(error.status).toBe(415);
    expect(error.message).toBe(
      'The cover must be a JPEG, PNG, WebP, GIF or AVIF image; this file is not one.',
    );
  });

  it('refuses an empty file and one over 10 MB, saying how large it is', async () => {
    const empty = await rejection(
      uploadCourseCover(db, refusingMedia(), owner, { courseId, file: new Uint8Array() }),
    );
    expect(empty.status).toBe(400);
    const big = new Uint8Array(11 * 1024 * 1024);
    const error = await rejection(
      uploadCourseCover(db, refusingMedia(), owner, { courseId, file: big }),
    );
    expect(error.status).toBe(413);
    expect(error.message).toBe('The cover is 11 MB; the limit is 10 MB.');
  });

  it('says so when the media service fails, and keeps the previous cover', async () => {
    const before = (await getEditableCourse(db, owner, courseId)).coverAssetId;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = await rejection(
      uploadCourseCover(db, refusingMedia(), owner, { courseId, file: await png(64, 64) }),
    );
    expect(error.status).toBe(500);
    expect(error.message).toMatch(/media service did not store the cover/);
    expect((await getEditableCourse(db, owner, courseId)).coverAssetId).toBe(before);
    logged.mockRestore();
  });
});
