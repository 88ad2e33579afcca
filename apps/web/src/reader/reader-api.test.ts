import type { Database } from '@coursepack/db/schema';
import { insertOpticsCourse } from '@coursepack/db/testing/insert-catalog-taxonomy';
import { insertDocuments } from '@coursepack/db/testing/insert-document';
import { insertDocumentPages } from '@coursepack/db/testing/insert-document-pages';
import { createTestDatabase, type TestDatabase } from '@coursepack/db/testing/test-database';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HIGHLIGHT_END, HIGHLIGHT_START } from '@/search/highlight-delimiters';
import { setTestDatabase } from '@/testing/server-context-double';

/** The reader's routes (text layers, find in document), through their handlers, real database. */

vi.mock('server-only', () => ({}));
vi.mock('@/server/server-context', () => import('@/testing/server-context-double'));

const textLayers = await import('@/app/api/documents/[id]/text-layers/route');
const find = await import('@/app/api/documents/[id]/find/route');

let testDb: TestDatabase;
let db: Kysely<Database>;
const ids = { published: 0, draft: 0 };

const LENS_RUNS = [
  [0.1, 0.1, 0.3, 0.02, 'Thin lenses focus light.'],
  [0.1, 0.13, 0.2, 0.02, 'Résumé of optics'],
];

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  setTestDatabase(db);
  const courseId = await insertOpticsCourse(db);
  [ids.published, ids.draft] = await insertDocuments(db, [
    { course_id: courseId, slug: 'lenses', title: 'Lenses', page_count: 4 },
    { course_id: courseId, slug: 'draft', title: 'Draft', page_count: 1, published: false },
  ]);
  await insertDocumentPages(db, ids.published, [
    {
      body: 'Thin lenses focus light.\nRésumé of optics',
      text_layer: JSON.stringify({ runs: LENS_RUNS }),
    },
    // Read before text layers were stored.
    'Snell’s law bends light at lenses.',
    'Mirrors reflect.',
    { body: 'A lens and a mirror.', text_layer: JSON.stringify({ runs: [] }) },
  ]);
  await insertDocumentPages(db, ids.draft, ['Hidden lenses.']);
});

afterAll(async () => {
  await testDb?.destroy();
});

function call(
  handler: (request: Request, context: { params: Promise<{ id: string }> }) => Promise<Response>,
  id: string,
  path: string,
): Promise<Response> {
  return handler(new Request(`http://localhost/api/documents/${id}/${path}`), {
    params: Promise.resolve({ id }),
  });
}

async function errorOf(response: Response): Promise<{ status: number; message: string }> {
  const body = (await response.json()) as { error: { message: string } };
  return { status: response.status, message: body.error.message };
}

describe('GET /api/documents/[id]/text-layers', () => {
  it('answers the runs of a range of pages, null where positions were never stored, cacheable', async () => {
    const response = await call(textLayers.GET, String(ids.published), 'text-layers?from=1&to=9');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    expect(await response.json()).toEqual({
      pages: [
        { page: 1, runs: LENS_RUNS },
        { page: 2, runs: null },
        { page: 3, runs: null },
        { page: 4, runs: [] },
      ],
    });
    const one = await call(textLayers.GET, `${ids.published}-lenses`, 'text-layers?from=4');
    expect(await one.json()).toEqual({ pages: [{ page: 4, runs: [] }] });
  });

  it('answers 400 naming a bad parameter', async () => {
    for (const [query, message] of [
      ['', 'from (a page number) is required'],
      ['from=0', 'from must be a page number (1 or more)'],
      ['from=abc', 'from must be a page number (1 or more)'],
      ['from=3&to=2', 'to must not be before from'],
      ['from=1&to=11', 'at most 10 pages at a time (from..to)'],
    ] as const) {
      const response = await call(textLayers.GET, String(ids.published), `text-layers?${query}`);
      expect(await errorOf(response), query).toEqual({ status: 400, message });
    }
  });

  it('answers 404 for a hidden or unknown document and a page past the last', async () => {
    for (const [id, query] of [
      [String(ids.draft), 'from=1'],
      ['999999', 'from=1'],
      ['nothing', 'from=1'],
      [String(ids.published), 'from=5'],
    ] as const) {
      const response = await call(textLayers.GET, id, `text-layers?${query}`);
      expect(response.status, `${id}?${query}`).toBe(404);
      expect(response.headers.get('cache-control') ?? '').not.toMatch(/public/);
    }
  });
});

describe('GET /api/documents/[id]/find', () => {
  async function found(q: string) {
    const response = await call(find.GET, String(ids.published), `find?q=${encodeURIComponent(q)}`);
    expect(response.status).toBe(200);
    return response.json() as Promise<{
      query: string;
      terms: string[];
      hits: { page: number; snippet: string }[];
      total: number;
      allWords: boolean;
    }>;
  }

  it('lists the pages with the words in page order, with snippets marking them', async () => {
    const result = await found('lenses');
    expect(result.hits.map((hit) => hit.page)).toEqual([1, 2]);
    expect(result.total).toBe(2);
    expect(result.terms).toEqual(['lenses']);
    expect(result.hits[0]?.snippet).toContain(`${HIGHLIGHT_START}lenses${HIGHLIGHT_END}`);
    // Stemmed as the site search is: "mirror" finds "Mirrors", and the snippet marks it.
    const mirror = await found('mirror');
    expect(mirror.hits[0]).toEqual({
      page: 3,
      snippet: `${HIGHLIGHT_START}Mirrors${HIGHLIGHT_END} reflect`,
    });
  });

  it('folds accents and case, and matches prefixes, as the site search does', async () => {
    expect((await found('RESUME')).hits.map((hit) => hit.page)).toEqual([1]);
    expect((await found('mirr')).hits.map((hit) => hit.page)).toEqual([3, 4]);
  });

  it('prefers pages with every word, else lists pages with some', async () => {
    const every = await found('light lenses');
    expect(every.hits.map((hit) => hit.page)).toEqual([1, 2]);
    expect(every.allWords).toBe(true);
    const some = await found('mirrors focus');
    expect(some.hits.map((hit) => hit.page)).toEqual([1, 3, 4]);
    expect(some.allWords).toBe(false);
  });

  it('finds nothing for a query without words, or words no page has', async () => {
    expect(await found('  ?! ')).toMatchObject({ hits: [], total: 0 });
    expect(await found('zzqx')).toMatchObject({ hits: [], total: 0 });
  });

  it('answers 400 without q and 404 for a hidden or unknown document', async () => {
    expect(await errorOf(await call(find.GET, String(ids.published), 'find'))).toEqual({
      status: 400,
      message: 'q (the words to find) is required',
    });
    expect(
      (await errorOf(await call(find.GET, String(ids.published), `find?q=${'a'.repeat(201)}`)))
        .status,
    ).toBe(400);
    for (const id of [String(ids.draft), '999999', 'nothing']) {
      expect((await call(find.GET, id, 'find?q=lenses')).status, id).toBe(404);
    }
  });
});
