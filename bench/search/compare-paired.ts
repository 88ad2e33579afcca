/**
 * `SEARCH_BENCH_DIR=… SEARCH_BASELINE_DIR=… npx tsx bench/search/compare-paired.ts`: the search
 * code of this checkout against another's (a copy of an older commit's `apps/web/src`, e.g.
 * `git archive <commit> apps/web/src | tar -x -C /tmp/old`), on the cluster `npm run bench --
 * search` keeps in SEARCH_BENCH_DIR, query by query: each input runs on both, in alternating
 * order, and the median of the per-query ratios (this ÷ baseline) is printed beside both sides'
 * p50/p95. On a shared machine the load moves every figure of a run by tens of percent between
 * runs; a pair of queries a few milliseconds apart sees the same load, so the ratio holds.
 * The inputs are drawn as bench/search.ts draws them (typeahead: one to three words of a real
 * title, the last cut short; result pages: one to three consecutive title words).
 */
import path from 'node:path';
import { createRandom } from '@coursepack/images/create-seeded-random';
import { sql } from 'kysely';
import { searchCatalog } from '../../apps/web/src/search/search-catalog';
import { suggestTitles } from '../../apps/web/src/search/suggest-titles';
import { openBenchDatabase } from '../analytics/open-bench-database';

type Search = typeof searchCatalog;
type Suggest = typeof suggestTitles;

const keepDir = process.env.SEARCH_BENCH_DIR;
const baselineDir = process.env.SEARCH_BASELINE_DIR;
if (!keepDir || !baselineDir) {
  console.error(
    'Set SEARCH_BENCH_DIR (a cluster bench/search.ts loaded) and SEARCH_BASELINE_DIR (a folder holding the other apps/web/src).',
  );
  process.exit(2);
}
const QUERIES = Number(process.env.SEARCH_PAIRED_QUERIES ?? 400);
const WARM_UP = 30;
const STOP = ['lecture', 'slides', 'week', 'exercise', 'sheet', 'exam', 'summary'];

const search = path.resolve(baselineDir, 'apps/web/src/search');
const baseline = {
  searchCatalog: (
    (await import(path.join(search, 'search-catalog.ts'))) as { searchCatalog: Search }
  ).searchCatalog,
  suggestTitles: (
    (await import(path.join(search, 'suggest-titles.ts'))) as { suggestTitles: Suggest }
  ).suggestTitles,
};

const { db, close } = await openBenchDatabase({ prefix: 'unused', keepDir, poolSize: 10 });
try {
  const { rows } = await sql<{ title: string }>`
    SELECT title FROM documents WHERE id % 100 = 0 ORDER BY id`.execute(db);
  if (rows.length === 0)
    throw new Error(`${keepDir} holds no documents: run bench/search.ts first`);
  const random = createRandom(42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const usable = rows
    .map(({ title }) =>
      (title.toLowerCase().match(/\p{L}{3,}/gu) ?? []).filter((word) => !STOP.includes(word)),
    )
    .filter((words) => words.length > 0);
  const typeahead = Array.from({ length: QUERIES }, () => {
    const words = pick(usable).slice(0, 1 + Math.floor(random() * 3));
    const last = words.at(-1) as string;
    const cut = Math.max(2, Math.ceil(last.length * (0.4 + random() * 0.6)));
    return [...words.slice(0, -1), last.slice(0, cut)].join(' ');
  });
  const pages = Array.from({ length: QUERIES }, () => {
    const words = pick(usable);
    const count = 1 + Math.floor(random() * Math.min(3, words.length));
    const start = Math.floor(random() * (words.length - count + 1));
    return words.slice(start, start + count).join(' ');
  });
  await compare('typeahead', typeahead, (run, q) => run.suggestTitles(db, q));
  await compare('result pages', pages, (run, q) => run.searchCatalog(db, { query: q, page: 1 }));
} finally {
  await close();
}

async function compare(
  label: string,
  inputs: readonly string[],
  query: (
    run: { searchCatalog: Search; suggestTitles: Suggest },
    input: string,
  ) => Promise<unknown>,
): Promise<void> {
  const ours = { searchCatalog, suggestTitles };
  const time = async (run: typeof ours, input: string) => {
    const start = performance.now();
    await query(run, input);
    return performance.now() - start;
  };
  for (const input of inputs.slice(0, WARM_UP)) {
    await query(baseline, input);
    await query(ours, input);
  }
  const before: number[] = [];
  const after: number[] = [];
  const ratios: number[] = [];
  for (const [index, input] of inputs.entries()) {
    const [first, second] = index % 2 === 0 ? [baseline, ours] : [ours, baseline];
    const a = await time(first, input);
    const b = await time(second, input);
    const [old, now] = index % 2 === 0 ? [a, b] : [b, a];
    before.push(old);
    after.push(now);
    ratios.push(now / old);
  }
  const at = (values: number[], p: number) =>
    [...values].sort((x, y) => x - y)[Math.min(values.length - 1, Math.floor(p * values.length))] ??
    Number.NaN;
  console.log(
    `${label.padEnd(14)} n=${inputs.length}  baseline p50 ${at(before, 0.5).toFixed(1)} p95 ${at(before, 0.95).toFixed(1)} ms  this p50 ${at(after, 0.5).toFixed(1)} p95 ${at(after, 0.95).toFixed(1)} ms  median ratio ${at(ratios, 0.5).toFixed(2)}`,
  );
}
