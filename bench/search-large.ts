/**
 * `npm run bench -- search-large` (or `npx tsx bench/search-large.ts`): what large documents
 * cost everyone else's searches (issue 29: twelve PDFs of about a million characters each made
 * searches p50 5.4 s, 0.36 s without them, and the home page p50 465 ms).
 *
 * Starts a scratch PostgreSQL, loads SEARCH_LARGE_BENCH_DOCUMENTS (1,000) generated documents,
 * then measures, once without and once with twelve documents of a million characters each (six
 * of ten pages of 100,000 characters, the most the worker keeps a page, and six of 250 pages of
 * 4,000; text from the same generator, so common query words are everywhere in them):
 *   - result pages (`searchCatalog`), one at a time: wall-clock p50/p95 and the database's CPU
 *     per query (the backend's /proc/<pid>/schedstat, steadier than wall clock on a shared
 *     machine), measured in the same pass;
 *   - typeahead (`suggestTitles`), the same way;
 *   - the home page's queries (`listFeaturedCourses` and `listRecentDocuments`, as the page runs
 *     them) p50, alone and while two visitors search back to back: what large documents cost
 *     the home page is the machine the searches take from it.
 * Prints each figure with and without the large documents and the ratio (goal: search p50
 * with ≤ 1.5× without). Env: SEARCH_LARGE_BENCH_DOCUMENTS (1000), SEARCH_LARGE_BENCH_QUERIES
 * (200).
 */
import { readFile } from 'node:fs/promises';
import { createDb } from '@coursepack/db/client';
import type { Database } from '@coursepack/db/schema';
import { createRandom } from '@coursepack/images/create-seeded-random';
import { type Kysely, sql } from 'kysely';
import { listFeaturedCourses } from '../apps/web/src/catalog/list-featured-courses';
import { listRecentDocuments } from '../apps/web/src/catalog/list-recent-documents';
import { searchCatalog } from '../apps/web/src/search/search-catalog';
import { suggestTitles } from '../apps/web/src/search/suggest-titles';
import { openBenchDatabase } from './analytics/open-bench-database';
import { createTextModel } from './search/create-text-model';
import { loadCorpus } from './search/load-corpus';
import { measure as measureQueries, percentiles } from './search/measure-queries';

const DOCUMENTS = Number(process.env.SEARCH_LARGE_BENCH_DOCUMENTS ?? 1000);
const QUERIES = Number(process.env.SEARCH_LARGE_BENCH_QUERIES ?? 200);
const LARGE_DOCUMENTS = 12;
const LARGE_CHARS = 1_000_000;
const WARM_UP = 20;
const HOME_LOADS = 100;
const measure = <T>(inputs: readonly T[], run: (input: T) => Promise<void>) =>
  measureQueries(inputs, run, WARM_UP);

interface Figures {
  searchP50: number;
  searchP95: number;
  searchCpuP50: number;
  searchCpuP95: number;
  typeaheadP50: number;
  typeaheadP95: number;
  typeaheadCpuP50: number;
  typeaheadCpuP95: number;
  homeP50: number;
  homeBusyP50: number;
}

const FIGURES: [string, keyof Figures][] = [
  ['result pages p50, ms', 'searchP50'],
  ['result pages p95, ms', 'searchP95'],
  ['result pages, database CPU p50, ms', 'searchCpuP50'],
  ['result pages, database CPU p95, ms', 'searchCpuP95'],
  ['typeahead p50, ms', 'typeaheadP50'],
  ['typeahead p95, ms', 'typeaheadP95'],
  ['typeahead, database CPU p50, ms', 'typeaheadCpuP50'],
  ['typeahead, database CPU p95, ms', 'typeaheadCpuP95'],
  ['home page queries p50, ms', 'homeP50'],
  ['home page queries p50 beside 2 searchers, ms', 'homeBusyP50'],
];

const { db, server, close } = await openBenchDatabase({
  prefix: 'coursepack-bench-search-large-',
  poolSize: 4,
});
// One connection, so its backend's CPU is the query's.
const measured = createDb(server.url, { max: 1 });
try {
  const corpus = await loadCorpus(server.url, {
    documents: DOCUMENTS,
    documentsPerCourse: 20,
    institutions: 20,
    minPages: 2,
    maxPages: 7,
    wordsPerPage: 220,
  });
  console.log(`loaded ${corpus.documents} documents, ${corpus.pages} pages`);

  const random = createRandom(29);
  const { rows: titles } = await sql<{ title: string }>`
    SELECT title FROM documents WHERE id % 5 = 0 ORDER BY id`.execute(db);
  const titleWords = titles
    .map(({ title }) => title.toLowerCase().match(/\p{L}{4,}/gu) ?? [])
    .filter((words) => words.length > 0);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const queries = Array.from({ length: QUERIES }, () => {
    const words = pick(titleWords);
    const start = Math.floor(random() * words.length);
    return words.slice(start, start + 1 + Math.floor(random() * 2)).join(' ');
  });
  const typed = queries.map((query) => query.slice(0, Math.max(4, query.length - 2)));

  const without = await measureAll(queries, typed);
  const loadStart = performance.now();
  await addLargeDocuments(db);
  console.log(
    `added ${LARGE_DOCUMENTS} documents of ${LARGE_CHARS.toLocaleString('en-US')} characters in ${((performance.now() - loadStart) / 1000).toFixed(0)} s\n`,
  );
  const withLarge = await measureAll(queries, typed);

  const pad = (value: string, width: number) => value.padStart(width);
  console.log(`${''.padEnd(44)}${pad('without', 10)}${pad('with 12 large', 15)}${pad('ratio', 8)}`);
  for (const [label, key] of FIGURES) {
    const a = without[key];
    const b = withLarge[key];
    console.log(
      `${label.padEnd(44)}${pad(a.toFixed(1), 10)}${pad(b.toFixed(1), 15)}${pad(`${(b / a).toFixed(2)}×`, 8)}`,
    );
  }
  const ratio = withLarge.searchP50 / without.searchP50;
  console.log(
    `\nsearch p50 with the large documents ${ratio.toFixed(2)}× without (goal ≤ 1.5×): ${ratio <= 1.5 ? 'met' : 'NOT met'}`,
  );
} finally {
  await measured.destroy();
  await close();
}

async function measureAll(queries: string[], typed: string[]): Promise<Figures> {
  const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(measured);
  const pid = rows[0]?.pid;
  const cpuMs = async () =>
    Number((await readFile(`/proc/${pid}/schedstat`, 'utf8')).split(' ')[0]) / 1e6;
  // Wall clock and the database's CPU of each call on the one connection, in the same pass.
  const timed = async (inputs: readonly string[], run: (input: string) => Promise<unknown>) => {
    for (const input of inputs.slice(0, WARM_UP)) await run(input);
    const wall: number[] = [];
    const cpu: number[] = [];
    for (const input of inputs) {
      const [cpuBefore, wallBefore] = [await cpuMs(), performance.now()];
      await run(input);
      wall.push(performance.now() - wallBefore);
      cpu.push((await cpuMs()) - cpuBefore);
    }
    return { wall: percentiles(wall), cpu: percentiles(cpu) };
  };
  const search = await timed(queries, (query) => searchCatalog(measured, { query, page: 1 }));
  const typeahead = await timed(typed, (text) => suggestTitles(measured, text));
  const home = () =>
    Promise.all([listFeaturedCourses(measured), listRecentDocuments(measured)]).then(
      () => undefined,
    );
  const homeTimes = await measure(Array.from({ length: HOME_LOADS }), home);
  let searching = true;
  const searchers = [0, 1].map(async (offset) => {
    for (let i = offset; searching; i += 2) {
      await searchCatalog(db, { query: queries[i % queries.length] as string, page: 1 });
    }
  });
  const homeBusy = await measure(Array.from({ length: HOME_LOADS }), home);
  searching = false;
  await Promise.all(searchers);
  return {
    searchP50: search.wall[0],
    searchP95: search.wall[1],
    searchCpuP50: search.cpu[0],
    searchCpuP95: search.cpu[1],
    typeaheadP50: typeahead.wall[0],
    typeaheadP95: typeahead.wall[1],
    typeaheadCpuP50: typeahead.cpu[0],
    typeaheadCpuP95: typeahead.cpu[1],
    homeP50: percentiles(homeTimes)[0],
    homeBusyP50: percentiles(homeBusy)[0],
  };
}

/**
 * Twelve documents of a million characters in published courses of the corpus, through the
 * same triggers as uploads: six of ten full pages, six of 250 ordinary ones.
 */
async function addLargeDocuments(target: Kysely<Database>): Promise<void> {
  const model = createTextModel();
  const random = createRandom(12);
  const { rows: courses } = await sql<{ id: number; subject: string }>`
    SELECT c.id, s.slug AS subject FROM courses c JOIN subjects s ON s.id = c.subject_id
    WHERE c.published ORDER BY c.id LIMIT ${LARGE_DOCUMENTS}`.execute(target);
  for (const [index, course] of courses.entries()) {
    const pageChars = index % 2 === 0 ? 100_000 : 4_000;
    const { id } = await target
      .insertInto('documents')
      .values({
        course_id: course.id,
        slug: `complete-notes-${index + 1}`,
        title: `Complete notes ${index + 1}`,
        kind: 'notes',
        page_count: Math.ceil(LARGE_CHARS / pageChars),
        published: true,
        status: 'processing',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const pages: { document_id: number; page_number: number; body: string }[] = [];
    for (let page = 1; page <= LARGE_CHARS / pageChars; page++) {
      let body = '';
      while (body.length < pageChars) body += `${model.sentence(random, course.subject, 200)}\n`;
      pages.push({ document_id: id, page_number: page, body: body.slice(0, pageChars) });
    }
    for (let start = 0; start < pages.length; start += 50) {
      await target
        .insertInto('document_pages')
        .values(pages.slice(start, start + 50))
        .execute();
    }
    await target.updateTable('documents').set({ status: 'ready' }).where('id', '=', id).execute();
  }
  // Vacuumed now, so autovacuum does not take the machine while the figures are measured.
  await sql`VACUUM ANALYZE`.execute(target);
}
