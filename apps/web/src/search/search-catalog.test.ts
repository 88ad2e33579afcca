import type { Database } from '@coursepack/db/schema';
import { createTestDatabase, type TestDatabase } from '@coursepack/db/testing/test-database';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HIGHLIGHT_END, HIGHLIGHT_START } from './highlight-delimiters';
import { RESULTS_PER_PAGE, type SearchRequest, searchCatalog } from './search-catalog';
import { type SearchFixture, seedSearchFixture } from './seed-search-fixture';

let testDb: TestDatabase;
let db: Kysely<Database>;
let fixture: SearchFixture;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  fixture = await seedSearchFixture(db);
});

afterAll(() => testDb.destroy());

const search = (query: string, more: Partial<SearchRequest> = {}) =>
  searchCatalog(db, { query, page: 1, ...more });

describe('searchCatalog ranking and matching', () => {
  it('ranks a title match above a description match above a page-text match', async () => {
    const results = await search('spectral');
    expect(results.documents.map((d) => d.id)).toEqual([
      fixture.documents.spectralTitle,
      fixture.documents.spectralDescription,
      fixture.documents.spectralBody,
    ]);
  });

  it('points a page-text match at the page that matched, with the word highlighted', async () => {
    const results = await search('spectral decomposition');
    const hit = results.documents.find((d) => d.id === fixture.documents.spectralBody);
    expect(hit?.page).toBe(3);
    expect(hit?.snippet).toContain(`${HIGHLIGHT_START}spectral${HIGHLIGHT_END}`);
    expect(hit?.snippet).toContain(`${HIGHLIGHT_START}decomposition${HIGHLIGHT_END}`);
  });

  it('has no page for a document that matched only by its title', async () => {
    const results = await search('spectral theorem');
    expect(results.documents).toHaveLength(1);
    expect(results.documents[0]?.page).toBeNull();
  });

  it('matches words spread over the title and the page text of one document', async () => {
    const results = await search('eigenvectors polynomial');
    expect(results.documents.map((d) => d.id)).toEqual([fixture.documents.eigenvalues]);
    expect(results.documents[0]?.page).toBe(2);
  });

  it('finds words by their stem and courses by title and code', async () => {
    const results = await search('eigenvalue');
    expect(results.documents.map((d) => d.id)).toContain(fixture.documents.eigenvalues);
    expect((await search('MATH 221')).courses.map((c) => c.title)).toEqual(['Linear Algebra']);
    expect((await search('quantum')).courses.map((c) => c.title)).toEqual(['Quantum Mechanics']);
  });

  it('finds a course by its code typed without the space, with a hyphen or half typed', async () => {
    for (const query of ['MATH221', 'math-221', 'Math 221', 'math22']) {
      expect(
        (await search(query)).courses.map((c) => c.title),
        query,
      ).toEqual(['Linear Algebra']);
    }
  });

  it('never finds unpublished documents, processing documents or hidden courses', async () => {
    const results = await search('homeomorphism');
    expect(results.total).toBe(0);
    expect(results.documents).toEqual([]);
    expect((await search('topology')).courses).toEqual([]);
  });

  it('follows publishing, new pages and deletion without any extra step', async () => {
    await db
      .updateTable('documents')
      .set({ published: true })
      .where('id', '=', fixture.documents.draft)
      .execute();
    expect((await search('homeomorphism')).documents.map((d) => d.id)).toEqual([
      fixture.documents.draft,
    ]);
    await db
      .insertInto('document_pages')
      .values({ document_id: fixture.documents.draft, page_number: 2, body: 'Now with manifolds.' })
      .execute();
    expect((await search('manifolds')).documents[0]?.page).toBe(2);
    await db.deleteFrom('documents').where('id', '=', fixture.documents.draft).execute();
    expect((await search('homeomorphism')).total).toBe(0);
  });
});

describe('searchCatalog facets and pages', () => {
  it('pages through results twenty at a time without repeats', async () => {
    const first = await search('wavefunction');
    const second = await search('wavefunction', { page: 2 });
    expect(first.total).toBe(fixture.wavefunctionCount);
    expect(first.pageCount).toBe(2);
    expect(first.documents).toHaveLength(RESULTS_PER_PAGE);
    expect(second.documents).toHaveLength(fixture.wavefunctionCount - RESULTS_PER_PAGE);
    const ids = [...first.documents, ...second.documents].map((d) => d.id);
    expect(new Set(ids).size).toBe(fixture.wavefunctionCount);
    expect((await search('wavefunction', { page: 3 })).documents).toEqual([]);
  });

  it('counts matches per subject, institution, course and kind', async () => {
    const results = await search('matrix');
    expect(results.facets.subject).toEqual([
      { value: 'mathematics', label: 'Mathematics', count: 2 },
    ]);
    expect(results.facets.institution).toEqual([
      { value: 'northbridge', label: 'Northbridge University', count: 2 },
    ]);
    expect(results.facets.course).toEqual([
      { value: String(fixture.courses.algebra), label: 'Linear Algebra', count: 2 },
    ]);
    expect(results.facets.kind).toEqual([{ value: 'notes', label: 'notes', count: 2 }]);
  });

  it('combines filters with the query and counts each facet under the other filters', async () => {
    const results = await search('wavefunction', { kind: 'exam', subject: 'physics' });
    expect(results.total).toBe(5);
    expect(results.documents.every((d) => d.kind === 'exam')).toBe(true);
    // The kind facet ignores the kind filter, so other kinds stay one click away.
    expect(results.facets.kind.map((o) => o.count)).toEqual([5, 5, 5, 5, 5]);
    expect(results.facets.subject).toEqual([{ value: 'physics', label: 'Physics', count: 5 }]);
    const elsewhere = await search('wavefunction', { institution: 'northbridge' });
    expect(elsewhere.total).toBe(0);
    expect(elsewhere.facets.institution).toEqual([
      { value: 'lakeside', label: 'Lakeside Institute', count: 25 },
    ]);
    const byCourse = await search('spectral', { course: fixture.courses.quantum });
    expect(byCourse.total).toBe(0);
  });
});

describe('searchCatalog counting past the cap', () => {
  const capped = (query: string, matchCap: number, more: Partial<SearchRequest> = {}) =>
    searchCatalog(db, { query, page: 1, ...more }, { matchCap });

  it('counts exactly up to the cap, and says there are more beyond it', async () => {
    const exact = await capped('wavefunction', fixture.wavefunctionCount);
    expect([exact.total, exact.totalCapped, exact.facetsCapped]).toEqual([
      fixture.wavefunctionCount,
      false,
      false,
    ]);
    expect(exact.facets.kind.reduce((sum, option) => sum + option.count, 0)).toBe(
      fixture.wavefunctionCount,
    );
    const over = await capped('wavefunction', 12);
    expect([over.total, over.totalCapped, over.facetsCapped]).toEqual([12, true, true]);
    expect(over.pageCount).toBe(1);
    expect(over.documents).toHaveLength(12);
  });

  it('counts facets in the first matches past the cap: lower bounds of the full counts', async () => {
    const full = await search('wavefunction');
    const over = await capped('wavefunction', 12);
    const total = (options: { count: number }[]) => options.reduce((sum, o) => sum + o.count, 0);
    expect(total(over.facets.kind)).toBeGreaterThanOrEqual(12);
    expect(total(over.facets.kind)).toBeLessThan(fixture.wavefunctionCount);
    for (const option of over.facets.kind) {
      const exact = full.facets.kind.find((o) => o.value === option.value);
      expect(option.count).toBeLessThanOrEqual(exact?.count ?? 0);
    }
  });

  it('ends the pages at the cap, so no page lists more than the total', async () => {
    const first = await capped('wavefunction', 24);
    const second = await capped('wavefunction', 24, { page: 2 });
    expect(first.pageCount).toBe(2);
    expect(second.documents).toHaveLength(4);
    const ids = [...first.documents, ...second.documents].map((d) => d.id);
    expect(new Set(ids).size).toBe(24);
  });

  it('still puts a title match first when it is not among the first matches found', async () => {
    // The page-text and description matches were indexed before the title match.
    const results = await capped('spectral', 1);
    expect(results.totalCapped).toBe(true);
    expect(results.documents.map((d) => d.id)).toEqual([fixture.documents.spectralTitle]);
  });

  it('applies the filters before counting up to the cap', async () => {
    const results = await capped('wavefunction', 4, { kind: 'exam' });
    expect([results.total, results.totalCapped]).toEqual([4, true]);
    expect(results.documents.every((d) => d.kind === 'exam')).toBe(true);
    const few = await capped('wavefunction', 5, { kind: 'exam' });
    expect([few.total, few.totalCapped]).toEqual([5, false]);
  });
});

describe('searchCatalog spelling', () => {
  it('offers a close spelling when a misspelt query searched as typed finds nothing', async () => {
    const results = await search('eigenvectros', { verbatim: true });
    expect(results.total).toBe(0);
    expect(results.correction).toBeUndefined();
    expect(results.suggestion).toBe('eigenvectors');
    expect((await search('spectral')).suggestion).toBeUndefined();
  });

  it('never suggests words that only hidden documents contain', async () => {
    expect((await search('homeomorphsm')).suggestion).toBeUndefined();
  });
});

const ids = async (query: string, more: Partial<SearchRequest> = {}) =>
  (await search(query, more)).documents.map((d) => d.id);

describe('searchCatalog prefixes (rule 1)', () => {
  it('matches every word as a prefix of an indexed word, on the results page too', async () => {
    expect(await ids('thermodyn')).toEqual([fixture.documents.thermodynamics]);
    expect(await ids('eigenval')).toContain(fixture.documents.eigenvalues);
    expect(await ids('thermo carn')).toEqual([fixture.documents.thermodynamics]);
  });

  it('ignores stop words rather than reading them as prefixes', async () => {
    const results = await search('carnot and entropy');
    expect(results.partial).toBe(false);
    expect(results.documents.map((d) => d.id)).toEqual([fixture.documents.thermodynamics]);
  });

  it('ranks a word as typed above a longer word it begins', async () => {
    expect(await ids('graph')).toEqual([fixture.documents.graph, fixture.documents.graphene]);
  });

  it('matches words under three letters only as typed', async () => {
    expect(await ids('gr')).toEqual([]);
  });
});

describe('searchCatalog typos (rule 2)', () => {
  it('corrects a swap of two letters and says what it searched', async () => {
    const results = await search('thermodynamisc');
    expect(results.documents.map((d) => d.id)).toEqual([fixture.documents.thermodynamics]);
    expect(results.correction).toBe('thermodynamics');
    expect(results.suggestion).toBeUndefined();
  });

  it('allows one typo from five letters and two from nine, none below five', async () => {
    expect(await ids('entrpy')).toEqual([fixture.documents.thermodynamics]);
    expect(await ids('grapj')).toContain(fixture.documents.graph);
    expect(await ids('thermodinamycs')).toEqual([fixture.documents.thermodynamics]);
    expect(await ids('thremodinamycs')).toEqual([]);
    expect(await ids('entrxpz')).toEqual([]);
    const short = await search('atam');
    expect(short.courses).toEqual([]);
    expect(short.correction).toBeUndefined();
  });

  it('shows the correction that keeps the ends of the word as typed, among equals', async () => {
    // `eigenvalue` and `eigenvalues` are one typo away and in the same documents.
    const results = await search('eigenvalus');
    expect(results.documents.map((d) => d.id)).toContain(fixture.documents.eigenvalues);
    expect(results.correction).toBe('eigenvalues');
  });

  it('keeps the first letter as typed when a correction can', async () => {
    const results = await search('tention');
    expect(results.correction).toBe('tension');
    expect(results.documents.map((d) => d.id)).toEqual([fixture.documents.surfaceTension]);
  });

  it('corrects only the misspelt word of several and keeps the others', async () => {
    const results = await search('carnot entrpy');
    expect(results.documents.map((d) => d.id)).toEqual([fixture.documents.thermodynamics]);
    expect(results.correction).toBe('carnot entropy');
  });

  it('searches the words as typed when asked to, without correcting them', async () => {
    const results = await search('thermodynamisc', { verbatim: true });
    expect(results.total).toBe(0);
    expect(results.correction).toBeUndefined();
  });

  it('never corrects to a word only hidden documents contain', async () => {
    const results = await search('homeomorphsm');
    expect(results.total).toBe(0);
    expect(results.correction).toBeUndefined();
  });

  it('leaves numbers and codes alone', async () => {
    expect((await search('zorblax5201')).correction).toBeUndefined();
  });
});

describe('searchCatalog folding (rule 3)', () => {
  it('finds accented words typed without accents, in any case', async () => {
    expect(await ids('resume')).toEqual([fixture.documents.resume]);
    expect(await ids('RÉSUMÉ')).toEqual([fixture.documents.resume]);
    expect(await ids('Schrodinger')).toEqual([fixture.documents.schrodinger]);
  });

  it('finds hyphenated words typed with the hyphen, without it or as two words', async () => {
    for (const query of ['B-tree', 'btree', 'b tree', 'B-tr']) {
      expect(await ids(query), query).toEqual([fixture.documents.btree]);
    }
  });

  it('finds a word a page breaks across two lines with a hyphen, whole and by its parts', async () => {
    for (const query of ['photoluminescence', 'photolumin', 'luminescence', 'photo-luminescence']) {
      expect(await ids(query), query).toEqual([fixture.documents.lineBreakHyphen]);
    }
  });

  it('finds words with digits as typed and by prefix', async () => {
    for (const query of ['x86', 'CO2', 'zorblax5210', 'zorblax']) {
      expect(await ids(query), query).toEqual([fixture.documents.btree]);
    }
  });
});

describe('searchCatalog partial matches (rule 4)', () => {
  it('shows the documents with most of the words, and which words each lacks', async () => {
    const all = await search('carnot entropy');
    expect(all.partial).toBe(false);
    expect(all.documents[0]?.missing).toEqual([]);
    const results = await search('carnot and entropy zebra');
    expect(results.partial).toBe(true);
    expect(results.documents.map((d) => [d.id, d.missing])).toEqual([
      [fixture.documents.thermodynamics, ['zebra']],
    ]);
  });

  it('ranks documents with more of the words first', async () => {
    const results = await search('graphene sheets theory');
    expect(results.partial).toBe(true);
    const [best, ...rest] = results.documents;
    expect([best?.id, best?.missing]).toEqual([fixture.documents.graphene, ['theory']]);
    expect(rest.map((d) => d.id)).toContain(fixture.documents.graph);
    expect(rest.every((d) => d.missing.length === 2)).toBe(true);
  });
});

describe('searchCatalog hostile input', () => {
  it('treats an empty or blank query as no search', async () => {
    for (const query of ['', '   ', '\u0000\u0001']) {
      const results = await search(query);
      expect(results.total).toBe(0);
      expect(results.documents).toEqual([]);
    }
  });

  it('cuts a 10 kB query to a searchable length', async () => {
    const results = await search('wavefunction '.repeat(800));
    expect(results.query.length).toBeLessThanOrEqual(200);
    expect(results.total).toBe(fixture.wavefunctionCount);
  });

  it('reads SQL and tsquery metacharacters as plain text', async () => {
    for (const query of [
      `'&|!:*()<>\\`,
      `spectral' & !theorem`,
      `'); DROP TABLE documents; --`,
      'spectral:* | (a <-> b)',
      '"unterminated phrase',
      '-',
      'or or or',
      `thermodynamisc' & !|():*\\`,
      `entrpy:* | carnot`,
    ]) {
      await expect(search(query)).resolves.toBeDefined();
    }
    expect((await search(`spectral' & !theorem`)).documents.length).toBeGreaterThan(0);
    expect((await search('theorem')).total).toBe(1);
  });

  it('accepts unicode, emoji, lone surrogates and control characters', async () => {
    for (const query of [
      'Ärger 数学 🚀',
      '\uD800spectral\uDFFF',
      `spectral${HIGHLIGHT_START}x\u0000`,
    ]) {
      const results = await search(query);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the test checks that control characters are gone
      expect(results.query).not.toMatch(/[\u0000-\u001f]/);
    }
    expect((await search('\uD800spectral')).total).toBe(3);
  });
});
