import type { Database } from '@coursepack/db/schema';
import { insertOpticsCourse } from '@coursepack/db/testing/insert-catalog-taxonomy';
import { insertDocuments } from '@coursepack/db/testing/insert-document';
import { insertDocumentPages } from '@coursepack/db/testing/insert-document-pages';
import { createTestDatabase, type TestDatabase } from '@coursepack/db/testing/test-database';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setTestDatabase } from '@/testing/server-context-double';

/** The per-page text contract, through the exported handler with a real database. */

vi.mock('server-only', () => ({}));
vi.mock('@/server/server-context', () => import('@/testing/server-context-double'));

const { GET } = await import('./route');

let testDb: TestDatabase;
let db: Kysely<Database>;
const ids = { published: 0, draft: 0 };

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  setTestDatabase(db);
  const courseId = await insertOpticsCourse(db);
  [ids.published, ids.draft] = await insertDocuments(db, [
    { course_id: courseId, slug: 'lenses', title: 'Lenses', page_count: 2 },
    { course_id: courseId, slug: 'draft', title: 'Draft', published: false },
  ]);
  await insertDocumentPages(db, ids.published, ['Thin lenses.', 'Snell’s law bends light.']);
  await insertDocumentPages(db, ids.draft, ['Hidden.']);
});

afterAll(async () => {
  await testDb?.destroy();
});

function get(id: string, page: string): Promise<Response> {
  return GET(new Request(`http://localhost/api/documents/${id}/pages/${page}/text`), {
    params: Promise.resolve({ id, page }),
  });
}

describe('GET /api/documents/[id]/pages/[page]/text', () => {
  it('answers one page’s text as plain text that caches may keep', async () => {
    const response = await get(String(ids.published), '2');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    await expect(response.text()).resolves.toBe('Snell’s law bends light.');
  });

  it('takes a page’s `{id}-{slug}` ref as the id', async () => {
    const response = await get(`${ids.published}-lenses`, '1');
    await expect(response.text()).resolves.toBe('Thin lenses.');
  });

  it('answers 404 for a page that does not exist, a bad page number or a hidden document', async () => {
    for (const [id, page] of [
      [String(ids.published), '3'],
      [String(ids.published), '0'],
      [String(ids.published), '1.5'],
      [String(ids.draft), '1'],
      ['nothing', '1'],
    ] as const) {
      const response = await get(id, page);
      expect(response.status, `${id}/${page}`).toBe(404);
      expect(response.headers.get('cache-control') ?? '').not.toMatch(/public/);
    }
  });
});
