/**
 * `npm run bench -- search` (or `npx tsx bench/search.ts`): search latency at catalogue scale.
 *
 * Starts a scratch PostgreSQL, migrates it, loads SEARCH_BENCH_DOCUMENTS documents (100,000)
 * of generated academic text with several pages each through COPY (the search index follows
 * through its triggers, as it does for uploads), ANALYZEs, then measures, one query at a time
 * through the same domain functions the app uses:
 *   - typeahead (`suggestTitles`): one to three words with the last one half-typed, some with
 *     a typo, against the goal p95 < 30 ms;
 *   - result pages (`searchCatalog`: count, facets, ranked page with snippets, courses): one to
 *     three words, with and without facet filters, page 1 and page 5, goal p95 < 100 ms;
 * and the naive baselines of bench/search/naive-search.ts on the first 60 of the same queries,
 * printing p50/p95/p99 and the speed-up (baseline ÷ app on those 60) of medians and p95s.
 * Typo tolerance is always on; one result query in five has a typo in its first word.
 *
 * Then recall next to MiniSearch (bench/search/measure-recall.ts), on a second database of
 * SEARCH_BENCH_RECALL_DOCUMENTS documents from the same generator, which MiniSearch indexes in
 * memory too: found in the top 10 and mean reciprocal rank per class of generated query.
 * Env: SEARCH_BENCH_DOCUMENTS (100000), SEARCH_BENCH_QUERIES (300 per kind),
 * SEARCH_BENCH_RECALL_DOCUMENTS (5000; 0 skips recall), SEARCH_BENCH_RECALL_QUERIES (100 per class),
 * SEARCH_BENCH_NAIVE_QUERIES (60; 0 skips the baselines).
 * SEARCH_BENCH_DIR=/some/dir keeps the 100,000-document cluster there and reuses it on the next
 * run (loading it takes minutes; the recall database is always made anew).
 */
import { createDb } from '@coursepack/db/client';
import { migrateToLatest } from '@coursepack/db/migrate';
import { ensureDatabase } from '@coursepack/db/postgres-server';
import type { DocumentKind } from '@coursepack/db/schema';
import { createRandom } from '@coursepack/images/create-seeded-random';
import { sql } from 'kysely';
import { searchCatalog } from '../apps/web/src/search/search-catalog';
import { suggestTitles } from '../apps/web/src/search/suggest-titles';
import { openBenchDatabase } from './analytics/open-bench-database';
import { type CorpusSize, loadCorpus } from './search/load-corpus';
import { measure as measureQueries, percentiles } from './search/measure-queries';
import {
  generateRecallQueries,
  measureRecall,
  readSearchableDocuments,
} from './search/measure-recall';
import { naiveSearchPage, naiveSuggest } from './search/naive-search';

const DOCUMENTS = Number(process.env.SEARCH_BENCH_DOCUMENTS ?? 100_000);
const QUERIES = Number(process.env.SEARCH_BENCH_QUERIES ?? 300);
const RECALL_DOCUMENTS = Number(process.env.SEARCH_BENCH_RECALL_DOCUMENTS ?? 5000);
const RECALL_QUERIES = Number(process.env.SEARCH_BENCH_RECALL_QUERIES ?? 100);
const SHAPE: Omit<CorpusSize, 'documents'> = {
  documentsPerCourse: 20,
  institutions: 60,
  minPages: 2,
  maxPages: 7,
  wordsPerPage: 220,
};
const WARM_UP = 30;
const measure = <T>(inputs: readonly T[], run: (input: T) => Promise<void>) =>
  measureQueries(inputs, run, WARM_UP);
/**
 * The baselines take up to seconds per query: they run on the first this many queries only
 * (SEARCH_BENCH_NAIVE_QUERIES; 0 skips them, to compare the app's own latency between runs).
 */
const NAIVE_QUERIES = Number(process.env.SEARCH_BENCH_NAIVE_QUERIES ?? 60);
const KINDS: DocumentKind[] = ['notes', 'slides', 'exercises', 'exam', 'summary'];

// fsync off makes loading faster and does not change read latency.
const { db, server, close } = await openBenchDatabase({
  prefix: 'coursepack-bench-search-',
  keepDir: process.env.SEARCH_BENCH_DIR,
  poolSize: 10,
});
try {
  const loadStart = performance.now();
  const corpus = await loadOrReuseCorpus();
  const { rows: sizes } = await sql<{ indexed: number; terms: number; size: string }>`
    SELECT (SELECT count(*)::int FROM document_search) AS indexed,
           (SELECT count(*)::int FROM search_words) AS terms,
           pg_size_pretty(pg_database_size(current_database())) AS size`.execute(db);
  console.log(
    `loaded ${corpus.courses} courses, ${corpus.documents} documents, ${corpus.pages} pages in ${((performance.now() - loadStart) / 1000).toFixed(0)} s; ${sizes[0]?.indexed} searchable, vocabulary ${sizes[0]?.terms} words, database ${sizes[0]?.size}\n`,
  );

  const random = createRandom(42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const titleWords = corpus.sampleTitles.map((title) =>
    (title.toLowerCase().match(/\p{L}{3,}/gu) ?? []).filter(
      (word) =>
        !['lecture', 'slides', 'week', 'exercise', 'sheet', 'exam', 'summary'].includes(word),
    ),
  );
  const usable = titleWords.filter((words) => words.length >= 1);
  const typo = (word: string) => {
    if (word.length < 5) return word;
    const at = 1 + Math.floor(random() * (word.length - 3));
    return `${word.slice(0, at)}${word[at + 1]}${word[at]}${word.slice(at + 2)}`;
  };

  // Typed text: the first one to three words of a real title, the last one cut short.
  const typeahead = Array.from({ length: QUERIES }, (_, index) => {
    const words = pick(usable).slice(0, 1 + Math.floor(random() * 3));
    const last = words.at(-1) as string;
    const typed = [
      ...words.slice(0, -1),
      last.slice(0, Math.max(2, Math.ceil(last.length * (0.4 + random() * 0.6)))),
    ];
    if (index % 4 === 0 && words.length > 1) typed[0] = typo(typed[0] as string);
    return typed;
  });
  const resultQueries = Array.from({ length: QUERIES }, (_, index) => {
    const words = pick(usable);
    const count = 1 + Math.floor(random() * Math.min(3, words.length));
    const start = Math.floor(random() * (words.length - count + 1));
    const typed = words.slice(start, start + count);
    if (index % 5 === 4) typed[0] = typo(typed[0] as string);
    return {
      text: typed.join(' '),
      page: index % 3 === 2 ? 5 : 1,
      kind: index % 2 === 1 ? pick(KINDS) : undefined,
      subject: index % 4 === 3 ? 'physics' : undefined,
    };
  });

  const rows: [string, number[], number[] | undefined][] = [];
  const typeaheadTimes = await measure(typeahead, (words) =>
    suggestTitles(db, words.join(' ')).then(() => undefined),
  );
  const naiveTypeaheadTimes =
    NAIVE_QUERIES > 0
      ? await measure(typeahead.slice(0, NAIVE_QUERIES), (words) =>
          naiveSuggest(db, words).then(() => undefined),
        )
      : undefined;
  rows.push(['typeahead (suggestTitles)', typeaheadTimes, naiveTypeaheadTimes]);
  const pageTimes = await measure(resultQueries, (q) =>
    searchCatalog(db, { query: q.text, page: q.page, kind: q.kind, subject: q.subject }).then(
      () => undefined,
    ),
  );
  const unfiltered = resultQueries.filter((q) => !q.kind && !q.subject);
  const naivePageTimes =
    NAIVE_QUERIES > 0
      ? await measure(resultQueries.slice(0, NAIVE_QUERIES), (q) =>
          naiveSearchPage(db, q.text, (q.page - 1) * 20).then(() => undefined),
        )
      : undefined;
  rows.push(['result pages (searchCatalog)', pageTimes, naivePageTimes]);
  rows.push([
    '  of which unfiltered',
    await measure(unfiltered, (q) =>
      searchCatalog(db, { query: q.text, page: q.page }).then(() => undefined),
    ),
    undefined,
  ]);
  rows.push([
    '  of which page 5',
    await measure(
      resultQueries.filter((q) => q.page === 5),
      (q) =>
        searchCatalog(db, { query: q.text, page: 5, kind: q.kind, subject: q.subject }).then(
          () => undefined,
        ),
    ),
    undefined,
  ]);

  const pad = (value: string, width: number) => value.padStart(width);
  console.log(
    `${'queries, one at a time'.padEnd(32)}${pad('n', 5)}${pad('p50 ms', 9)}${pad('p95 ms', 9)}${pad('p99 ms', 9)}   naive p50/p95/p99 ms   speed-up p50 / p95`,
  );
  for (const [label, times, naive] of rows) {
    const [p50, p95, p99] = percentiles(times);
    const baseline = naive ? percentiles(naive) : undefined;
    // Speed-up on the same queries the baseline ran.
    const same = percentiles(times.slice(0, naive?.length ?? 0));
    console.log(
      `${label.padEnd(32)}${pad(String(times.length), 5)}${pad(p50.toFixed(1), 9)}${pad(p95.toFixed(1), 9)}${pad(p99.toFixed(1), 9)}   ${
        baseline
          ? `${baseline
              .map((v) => v.toFixed(1))
              .join(' / ')
              .padEnd(
                21,
              )}  ${(baseline[0] / same[0]).toFixed(1)}× / ${(baseline[1] / same[1]).toFixed(1)}×`
          : ''
      }`,
    );
  }
  const typeaheadP95 = percentiles(typeaheadTimes)[1];
  const pageP95 = percentiles(pageTimes)[1];
  console.log('');
  console.log(
    `typeahead p95 ${typeaheadP95.toFixed(1)} ms (goal < 30 ms): ${typeaheadP95 < 30 ? 'met' : 'NOT met'}`,
  );
  console.log(
    `result page p95 ${pageP95.toFixed(1)} ms (goal < 100 ms): ${pageP95 < 100 ? 'met' : 'NOT met'}`,
  );
  console.log(
    'The naive typeahead ranks nothing (shortest titles first) and the naive page has no count, facets or courses: both do less work than the app.',
  );

  // SEARCH_BENCH_RECALL_DOCUMENTS=0 skips recall (latency runs compared with each other).
  if (RECALL_DOCUMENTS > 0) {
    await sql`DROP DATABASE IF EXISTS recall`.execute(db);
    await ensureDatabase(server.url, 'recall');
    const recallDb = createDb(server.urlFor('recall'), { max: 2 });
    try {
      await migrateToLatest(recallDb);
      await loadCorpus(server.urlFor('recall'), { documents: RECALL_DOCUMENTS, ...SHAPE });
      const documents = await readSearchableDocuments(recallDb);
      const queries = generateRecallQueries(documents, RECALL_QUERIES, createRandom(14));
      const recall = await measureRecall(recallDb, documents, queries);
      console.log(
        `\nrecall: ${documents.length} searchable documents, ${RECALL_QUERIES} queries per class from their distinctive words; found = target in the top 10, MRR over the top 10`,
      );
      console.log(
        `${'class'.padEnd(20)}${pad('Coursepack', 12)}${pad('MiniSearch', 12)}${pad('MRR ours', 10)}${pad('MRR Mini', 10)}`,
      );
      for (const row of recall) {
        console.log(
          `${row.queryClass.padEnd(20)}${pad(`${row.coursepack.found}/${row.queries}`, 12)}${pad(`${row.minisearch.found}/${row.queries}`, 12)}${pad(row.coursepack.mrr.toFixed(3), 10)}${pad(row.minisearch.mrr.toFixed(3), 10)}`,
        );
      }
      const examples = Object.entries(queries)
        .map(
          ([name, list]) =>
            `${name}: ${list
              .slice(0, 3)
              .map((q) => `"${q.query}"`)
              .join(', ')}`,
        )
        .join('; ');
      console.log(`examples: ${examples}`);
      for (const row of recall.filter((r) => r.missed.length > 0)) {
        console.log(`Coursepack missed (${row.queryClass}), e.g.: ${row.missed.join(', ')}`);
      }
    } finally {
      await recallDb.destroy();
    }
  }
} finally {
  await close();
}

/** The corpus as loadCorpus reports it: loaded now, or found whole in a kept cluster. */
async function loadOrReuseCorpus(): Promise<Awaited<ReturnType<typeof loadCorpus>>> {
  const { rows } = await sql<{ documents: number; courses: number; pages: number }>`
    SELECT (SELECT count(*)::int FROM documents) AS documents,
           (SELECT count(*)::int FROM courses) AS courses,
           (SELECT count(*)::int FROM document_pages) AS pages`.execute(db);
  const found = rows[0];
  if (found && found.documents === DOCUMENTS) {
    // loadCorpus samples every hundredth title.
    const titles = await sql<{ title: string }>`
      SELECT title FROM documents WHERE id % 100 = 0 ORDER BY id`.execute(db);
    return { ...found, sampleTitles: titles.rows.map((row) => row.title) };
  }
  if (found && found.documents > 0) {
    throw new Error(
      `SEARCH_BENCH_DIR holds ${found.documents} documents, not ${DOCUMENTS}: use another folder`,
    );
  }
  return loadCorpus(server.url, { documents: DOCUMENTS, ...SHAPE });
}
