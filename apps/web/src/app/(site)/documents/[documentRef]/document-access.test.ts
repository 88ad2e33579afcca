import { insertOpticsCourse } from '@coursepack/db/testing/insert-catalog-taxonomy';
import { insertCourse } from '@coursepack/db/testing/insert-course';
import { insertDocuments } from '@coursepack/db/testing/insert-document';
import { createTestDatabase, type TestDatabase } from '@coursepack/db/testing/test-database';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Viewer } from '@/auth/viewer';
import { insertViewers, testViewer } from '@/testing/test-viewer';
import { signInAs } from '@/testing/viewer-double';

/**
 * Who gets which answer from a document's page and its edit page, rendered by the real pages
 * over a real PostgreSQL: a draft (unpublished, or in a draft course) is the owner's and admins'
 * to read and a 404 to others, as docs/accounts.md says; someone else's edit page is a 403, as a
 * course's is. The viewer is what better-auth would have read from the session cookie.
 */
vi.mock('server-only', () => ({}));
vi.mock('@/auth/get-viewer', () => import('@/testing/viewer-double'));
// Next's marker for per-request rendering needs the request scope of a running server; here
// every call is a request of its own anyway.
vi.mock('next/server', async (importOriginal) => ({
  ...(await importOriginal<typeof import('next/server')>()),
  connection: async () => undefined,
}));

const owner = testViewer('draft-owner');
const uploader = testViewer('draft-uploader');
const stranger = testViewer('draft-stranger');
const admin = testViewer('draft-admin', 'admin');
let database: TestDatabase;
const ids = { unpublished: 0, inDraftCourse: 0, published: 0 };

beforeAll(async () => {
  database = await createTestDatabase();
  process.env.DATABASE_URL = database.url;
  process.env.SITE_URL = 'http://localhost:3000';
  // What `experimental.authInterrupts` in next.config.ts sets for the built app.
  process.env.__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS = 'true';
  const { db } = database;
  await insertViewers(db, [owner, uploader, stranger, admin]);
  const courseId = await insertOpticsCourse(db, owner.id);
  const taxonomy = await db
    .selectFrom('courses')
    .where('id', '=', courseId)
    .select(['subject_id', 'institution_id'])
    .executeTakeFirstOrThrow();
  const draftCourseId = await insertCourse(db, {
    ...taxonomy,
    slug: 'optics-draft',
    title: 'Optics (draft)',
    published: false,
    owner_id: owner.id,
  });
  const document = { page_count: 1, owner_id: uploader.id };
  [ids.unpublished, ids.inDraftCourse, ids.published] = await insertDocuments(db, [
    {
      ...document,
      course_id: courseId,
      slug: 'unpublished',
      title: 'Unpublished notes',
      published: false,
    },
    { ...document, course_id: draftCourseId, slug: 'in-draft', title: 'Draft course notes' },
    { ...document, course_id: courseId, slug: 'published', title: 'Published notes' },
  ]);
});

afterAll(async () => {
  await database?.destroy();
});

const refOf = (id: number, slug: string) => ({
  params: Promise.resolve({ documentRef: `${id}-${slug}` }),
});
const noQuery = { searchParams: Promise.resolve({}) };

/** The page's answer: its status (200 for a render, or what notFound()/forbidden() threw). */
async function statusOf(render: () => Promise<unknown>): Promise<number> {
  try {
    await render();
    return 200;
  } catch (error) {
    const digest = (error as { digest?: unknown }).digest;
    const status = typeof digest === 'string' && /;(\d{3})$/.exec(digest)?.[1];
    if (!status) throw error;
    return Number(status);
  }
}

async function documentPageStatus(viewer: Viewer | null, id: number, slug: string) {
  signInAs(viewer);
  const { default: DocumentPage } = await import('./page');
  return statusOf(() => DocumentPage({ ...refOf(id, slug), ...noQuery }));
}

async function editPageStatus(viewer: Viewer | null, id: number, slug: string) {
  signInAs(viewer);
  const { default: EditDocumentPage } = await import('./edit/page');
  return statusOf(() => EditDocumentPage(refOf(id, slug)));
}

describe('a draft document’s page', () => {
  it('is shown to its course owner, its uploader and admins', async () => {
    for (const viewer of [owner, uploader, admin]) {
      expect(await documentPageStatus(viewer, ids.unpublished, 'unpublished')).toBe(200);
      expect(await documentPageStatus(viewer, ids.inDraftCourse, 'in-draft')).toBe(200);
    }
  });

  it('is a 404 to everyone else', async () => {
    for (const viewer of [stranger, null]) {
      expect(await documentPageStatus(viewer, ids.unpublished, 'unpublished')).toBe(404);
      expect(await documentPageStatus(viewer, ids.inDraftCourse, 'in-draft')).toBe(404);
    }
    expect(await documentPageStatus(null, ids.published, 'published')).toBe(200);
  });
});

describe('a document’s edit page', () => {
  it('answers 403 to a signed-in member who may read the document but not change it', async () => {
    expect(await editPageStatus(stranger, ids.published, 'published')).toBe(403);
  });

  it('is the form for those who may change it, and a 404 where the document is not theirs to see', async () => {
    expect(await editPageStatus(uploader, ids.published, 'published')).toBe(200);
    expect(await editPageStatus(owner, ids.unpublished, 'unpublished')).toBe(200);
    expect(await editPageStatus(stranger, ids.unpublished, 'unpublished')).toBe(404);
  });
});
