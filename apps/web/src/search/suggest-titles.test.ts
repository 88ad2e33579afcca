import type { Database } from '@coursepack/db/schema';
import { createTestDatabase, type TestDatabase } from '@coursepack/db/testing/test-database';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SearchFixture, seedSearchFixture } from './seed-search-fixture';
import { suggestTitles } from './suggest-titles';

let testDb: TestDatabase;
let db: Kysely<Database>;
let fixture: SearchFixture;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  fixture = await seedSearchFixture(db);
});

afterAll(() => testDb.destroy());

const titles = async (query: string, limit?: number) =>
  (await suggestTitles(db, query, limit)).suggestions.map((s) => s.title);

describe('suggestTitles', () => {
  it('completes the word being typed from title words', async () => {
    expect((await titles('eigenv'))[0]).toBe('Eigenvalues and eigenvectors');
    expect(await titles('lin')).toEqual(['Linear Algebra']);
  });

  it('fills the list with courses whose description has the words, after the titles', async () => {
    // "Vector spaces, matrices and eigenvalues.": the results page lists the course too.
    const { suggestions } = await suggestTitles(db, 'eigenv');
    expect(suggestions.map((s) => [s.type, s.title])).toEqual([
      ['document', 'Eigenvalues and eigenvectors'],
      ['course', 'Linear Algebra'],
    ]);
  });

  it('matches finished words by stem and the last one by prefix', async () => {
    expect(await titles('linear alg')).toEqual(['Linear Algebra']);
    expect(await titles('eigenvalue and eigenvec')).toEqual(['Eigenvalues and eigenvectors']);
    expect(await titles('linear zzqx')).toEqual([]);
  });

  it('lists courses before documents, with a subtitle and a link', async () => {
    const { suggestions } = await suggestTitles(db, 'quantum');
    expect(suggestions[0]).toEqual({
      type: 'course',
      id: fixture.courses.quantum,
      title: 'Quantum Mechanics',
      subtitle: 'PHYS 310 · Lakeside Institute',
      href: `/courses/${fixture.courses.quantum}-quantum-mechanics`,
    });
    const [document] = (await suggestTitles(db, 'spectral th')).suggestions;
    expect(document).toMatchObject({
      type: 'document',
      id: fixture.documents.spectralTitle,
      subtitle: 'Slides · Linear Algebra',
      href: `/documents/${fixture.documents.spectralTitle}-the-spectral-theorem`,
    });
  });

  it('corrects typos in finished and half-typed words', async () => {
    expect(await titles('lnear algebra')).toEqual(['Linear Algebra']);
    expect(await titles('eigenvlaues')).toEqual(['Eigenvalues and eigenvectors']);
    expect(await titles('quantm mechan')).toEqual(['Quantum Mechanics']);
    // The word being typed, one typo from the beginning of a word.
    expect(await titles('linear algbr')).toEqual(['Linear Algebra']);
    expect(await titles('thermodyanm')).toEqual(['Thermodynamics of engines']);
  });

  it('folds accents and case in titles as typed', async () => {
    expect(await titles('schrod')).toEqual(['The Schrödinger equation']);
    expect(await titles('RESUM')).toEqual(['Writing a résumé']);
  });

  it('offers a word found only in page text, with the document and the page', async () => {
    const { suggestions } = await suggestTitles(db, 'quasipart');
    expect(suggestions).toEqual([
      {
        type: 'document',
        id: fixture.documents.lectureNotes,
        title: '… quasiparticle picture of the electron …',
        subtitle: 'in Lecture Notes 7, page 3',
        href: `/documents/${fixture.documents.lectureNotes}-lecture-notes-7#page-3`,
      },
    ]);
  });

  it('reads page text only once the word being typed has three letters', async () => {
    const inText = async (query: string) =>
      (await titles(query)).filter((title) => title.startsWith('… '));
    expect(await inText('qu')).toEqual([]);
    expect(await inText('qua')).toContain('… quasiparticle picture of the electron …');
  });

  it('lists title matches before text matches, each document once', async () => {
    const { suggestions } = await suggestTitles(db, 'spectral');
    expect(suggestions.map((s) => [s.id, s.subtitle.startsWith('in ')])).toEqual([
      [fixture.documents.spectralTitle, false],
      [fixture.documents.spectralDescription, true],
      [fixture.documents.spectralBody, true],
    ]);
  });

  it('shows a document whose description alone has the words with the words around them there', async () => {
    const { suggestions } = await suggestTitles(db, 'spectral');
    expect(suggestions[1]).toEqual({
      type: 'document',
      id: fixture.documents.spectralDescription,
      title: '… Practice with the spectral decomposition …',
      subtitle: 'in Exercise sheet 9',
      href: `/documents/${fixture.documents.spectralDescription}-exercise-sheet-9`,
    });
  });

  it('stops at the limit', async () => {
    expect(await titles('problem', 5)).toHaveLength(5);
  });

  it('never suggests hidden titles', async () => {
    expect(await titles('homeomorph')).toEqual([]);
    expect(await titles('draft')).toEqual([]);
    expect(await titles('unpublished')).toEqual([]);
  });

  it('answers hostile input with no suggestions rather than an error', async () => {
    for (const query of ['', ' ', `'&|!:*()<>\\`, '\u0000', 'x'.repeat(10_000), '🚀', "q'z:*"]) {
      await expect(suggestTitles(db, query)).resolves.toMatchObject({ suggestions: [] });
    }
  });
});
