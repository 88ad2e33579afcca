import type { Database } from '@coursepack/db/schema';
import { createTestDatabase, type TestDatabase } from '@coursepack/db/testing/test-database';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HIGHLIGHT_END, HIGHLIGHT_START } from './highlight-delimiters';
import { PASSAGES_READ, searchCatalog } from './search-catalog';
import { type SearchFixture, seedSearchFixture } from './seed-search-fixture';
import { suggestTitles } from './suggest-titles';

/**
 * Issue 29: twelve documents of a million characters each made every search 15 times slower,
 * because snippets and ranking read their pages whole. A search's work for a document is now
 * bounded by its passages (migration 0019); these tests hold the plan to it, and check that
 * every word of such a document is still found and shown.
 */

let testDb: TestDatabase;
let db: Kysely<Database>;
let fixture: SearchFixture;
let largeId: number;

/** The worker keeps at most 100,000 characters a page: ten full pages make a million. */
const PAGES = 10;
const PAGE_CHARS = 100_000;
/** In every sentence of the large document. */
const COMMON = 'lattice';
/** The document's very last word. */
const LAST = 'quasicrystal';

/** Made-up words (no stop words among them), as many distinct ones as a long textbook has. */
function wordList(count: number): string[] {
  const syllables = ['ka', 'lo', 'mi', 'nu', 'pe', 'ri', 'so', 'tu', 'vo', 'ze', 'bra', 'gle'];
  return Array.from({ length: count }, (_, index) => {
    let word = '';
    for (
      let rest = index + syllables.length;
      rest > 0;
      rest = Math.floor(rest / syllables.length)
    ) {
      word += syllables[rest % syllables.length];
    }
    return `${word}n`;
  });
}

/** Almost PAGE_CHARS of sentences, each with COMMON and twelve words spread over the list. */
function largePage(page: number, words: readonly string[]): string {
  const sentences: string[] = [];
  let length = 0;
  for (let sentence = 0; length < PAGE_CHARS - 200; sentence++) {
    const picked = Array.from(
      { length: 12 },
      (_, i) => words[(page * 7919 + sentence * 104_729 + i * 15_485_863) % words.length],
    );
    const text = `The ${COMMON} ${picked.join(' ')}.`;
    sentences.push(text);
    length += text.length + 1;
  }
  return sentences.join(' ');
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  fixture = await seedSearchFixture(db);
  const words = wordList(20_000);
  const { id } = await db
    .insertInto('documents')
    .values({
      course_id: fixture.courses.quantum,
      slug: 'complete-lecture-notes',
      title: 'Complete lecture notes',
      kind: 'notes',
      page_count: PAGES,
      published: true,
      status: 'processing',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  largeId = id;
  const pages = Array.from({ length: PAGES }, (_, index) => {
    const body = largePage(index + 1, words);
    return {
      document_id: id,
      page_number: index + 1,
      body: index + 1 === PAGES ? `${body.slice(0, PAGE_CHARS - LAST.length - 1)} ${LAST}` : body,
    };
  });
  await db.insertInto('document_pages').values(pages).execute();
  await db.updateTable('documents').set({ status: 'ready' }).where('id', '=', id).execute();
  await sql`ANALYZE`.execute(db);
}, 120_000);

afterAll(() => testDb.destroy());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Filter?: string;
  'Index Cond'?: string;
  'Recheck Cond'?: string;
  Plans?: PlanNode[];
}

/** Every scan of a table in the plan, however deep. */
function scansOf(plan: PlanNode, table: string): PlanNode[] {
  const own = plan['Relation Name'] === table ? [plan] : [];
  return [...own, ...(plan.Plans ?? []).flatMap((child) => scansOf(child, table))];
}

/** Rows one loop of a scan read, kept or filtered out (EXPLAIN gives both per loop). */
const rowsRead = (scan: PlanNode) =>
  scan['Actual Rows'] +
  (scan['Rows Removed by Filter'] ?? 0) +
  (scan['Rows Removed by Index Recheck'] ?? 0);

/** The results page's statement, as searchCatalog runs it, explained with what it read. */
async function explainSearch(query: string): Promise<PlanNode> {
  const statements: CompiledQuery[] = [];
  const recording = db.withPlugin({
    transformQuery: (args) => {
      statements.push(db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  await searchCatalog(recording, { query, page: 1 });
  const statement = statements.find((s) => s.sql.includes('ts_headline'));
  if (!statement) throw new Error('searchCatalog ran no statement with snippets');
  // Explained as it ran: in its transaction, after its settings.
  const { rows } = await db.transaction().execute(async (trx) => {
    for (const setting of statements.filter((s) => s.sql.startsWith('SET '))) {
      await trx.executeQuery(setting);
    }
    return trx.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      CompiledQuery.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.sql}`, [
        ...statement.parameters,
      ]),
    );
  });
  const plan = rows[0]?.['QUERY PLAN'][0].Plan;
  if (!plan) throw new Error('EXPLAIN returned no plan');
  return plan;
}

describe('search over a document of a million characters', () => {
  it('reads a bounded number of its passages, and no page whole, for snippets and ranking', async () => {
    const plan = await explainSearch(COMMON);
    // Ranking and the snippet read passages, a bounded number per document, though every one
    // of the document's 500 passages has the word…
    const passages = scansOf(plan, 'search_passages');
    expect(passages.length).toBeGreaterThan(0);
    for (const scan of passages) expect(rowsRead(scan)).toBeLessThanOrEqual(PASSAGES_READ);
    // …and no page is tested or ranked for the words: only the shown passage's page is read.
    for (const scan of scansOf(plan, 'document_pages')) {
      expect(`${scan.Filter} ${scan['Index Cond']} ${scan['Recheck Cond']}`).not.toContain('@@');
    }
  });

  it('tests and counts the words through the index, never reading every document whole', async () => {
    // A scan of the index table testing each row reads the document's whole vector.
    for (const query of [COMMON, 'spectral decomposition']) {
      for (const scan of scansOf(await explainSearch(query), 'document_search')) {
        if (scan['Node Type'] === 'Seq Scan') expect(scan.Filter ?? '', query).not.toContain('@@');
      }
    }
  });

  it('finds the very last word with a snippet around it, pointing at the last page', async () => {
    const results = await searchCatalog(db, { query: LAST, page: 1 });
    expect(results.documents.map((d) => d.id)).toEqual([largeId]);
    expect(results.documents[0]?.page).toBe(PAGES);
    expect(results.documents[0]?.snippet).toContain(`${HIGHLIGHT_START}${LAST}${HIGHLIGHT_END}`);
  });

  it('suggests the last word as it is typed, with the words around it', async () => {
    const { suggestions } = await suggestTitles(db, LAST.slice(0, 8));
    expect(suggestions).toContainEqual(
      expect.objectContaining({
        id: largeId,
        subtitle: `in Complete lecture notes, page ${PAGES}`,
        title: expect.stringContaining(LAST),
      }),
    );
  });

  it('keeps ranking small documents as before', async () => {
    const results = await searchCatalog(db, { query: 'spectral', page: 1 });
    expect(results.documents.map((d) => d.id)).toEqual([
      fixture.documents.spectralTitle,
      fixture.documents.spectralDescription,
      fixture.documents.spectralBody,
    ]);
  });
});

describe('search passages', () => {
  const passagesOf = (documentId: number, page: number) =>
    db
      .selectFrom('search_passages as s')
      .innerJoin('document_pages as p', (join) =>
        join
          .onRef('p.document_id', '=', 's.document_id')
          .onRef('p.page_number', '=', 's.page_number'),
      )
      .where('s.document_id', '=', documentId)
      .where('s.page_number', '=', page)
      .orderBy('s.passage')
      .select(['s.passage', sql<string>`substr(p.body, s.start, s.length)`.as('text')])
      .execute();

  it('cut a long page into passages of at most 2,000 characters, whole words each', async () => {
    const passages = await passagesOf(largeId, 1);
    const page = await db
      .selectFrom('document_pages')
      .where('document_id', '=', largeId)
      .where('page_number', '=', 1)
      .select('body')
      .executeTakeFirstOrThrow();
    expect(passages.length).toBeGreaterThanOrEqual(PAGE_CHARS / 2000);
    expect(passages.map((p) => p.passage)).toEqual(passages.map((_, index) => index + 1));
    expect(passages.every((p) => p.text.length <= 2000)).toBe(true);
    expect(passages.map((p) => p.text).join('')).toBe(page.body);
    // Every passage but the last ends with a space after a word.
    expect(passages.slice(0, -1).every((p) => /[^\s-]\s$/.test(p.text))).toBe(true);
  });

  it('follow new, changed and deleted pages, and never cut a word a line break hyphenates', async () => {
    const id = fixture.documents.lectureNotes;
    const hyphenated = `${'word '.repeat(398)}photo-\nluminescence ${'word '.repeat(100)}`;
    await db
      .insertInto('document_pages')
      .values({ document_id: id, page_number: 4, body: hyphenated })
      .execute();
    const inserted = await passagesOf(id, 4);
    expect(inserted.map((p) => p.text).join('')).toBe(hyphenated);
    expect(inserted.some((p) => p.text.includes('photo-\nluminescence'))).toBe(true);
    const found = await searchCatalog(db, { query: 'photoluminescence', page: 1 });
    expect(found.documents.find((d) => d.id === id)?.page).toBe(4);

    await db
      .updateTable('document_pages')
      .set({ body: 'A short page about excitons.' })
      .where('document_id', '=', id)
      .where('page_number', '=', 4)
      .execute();
    expect(await passagesOf(id, 4)).toEqual([{ passage: 1, text: 'A short page about excitons.' }]);
    expect((await searchCatalog(db, { query: 'excitons', page: 1 })).documents[0]?.page).toBe(4);

    await db
      .deleteFrom('document_pages')
      .where('document_id', '=', id)
      .where('page_number', '=', 4)
      .execute();
    expect(await passagesOf(id, 4)).toEqual([]);
  });
});
