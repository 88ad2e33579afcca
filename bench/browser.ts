/**
 * `npm run bench -- browser`: the first-load JavaScript of every page of the web app's production
 * build (built first when its sources changed), minified and gzipped, next to its budget in
 * e2e/budgets/browser-budget.json where it has one, and the budget to record when raising it on
 * purpose. The budgets are asserted by e2e/budgets/browser-budget.e2e.ts (docs/browser-budget.md).
 */
import {
  BUDGET_HEADROOM,
  budgetFor,
  checkBudget,
  measureFirstLoadJs,
  ROOT,
  readBrowserBudget,
  sumOf,
} from '../e2e/budgets/first-load-js';
import { ensureWebBuild } from '../scripts/start/ensure-web-build';

await ensureWebBuild(ROOT, (line) => console.log(line));
const measured = await measureFirstLoadJs();
const checks = new Map(
  checkBudget(measured, await readBrowserBudget()).map((check) => [check.route, check]),
);
const pages = [...measured.values()].sort((a, b) => b.gzipBytes - a.gzipBytes);

const pad = (text: string | number, width: number) => String(text).padStart(width);
console.log(
  `${'page'.padEnd(36)}${pad('files', 6)}${pad('minified B', 12)}${pad('gzip B', 9)}${pad('budget B', 10)}${pad('ratio', 7)}${pad('re-budget B', 13)}`,
);
for (const page of pages) {
  const check = checks.get(page.route);
  console.log(
    `${page.route.padEnd(36)}${pad(page.chunks.length, 6)}${pad(page.rawBytes, 12)}${pad(page.gzipBytes, 9)}${pad(check?.budgetBytes ?? '-', 10)}${pad(check ? check.ratio.toFixed(3) : '-', 7)}${pad(check ? budgetFor(page.gzipBytes) : '-', 13)}`,
  );
}

// What every page pays before any code of its own: React, Next's runtime, the root layout.
const lightest = pages.at(-1);
if (lightest) {
  const everywhere = lightest.chunks.filter((chunk) =>
    pages.every((page) => page.chunks.some(({ path }) => path === chunk.path)),
  );
  const { gzipBytes } = sumOf(everywhere);
  console.log(
    `\nloaded by every page: ${everywhere.length} files, ${gzipBytes} B gzipped (${((gzipBytes / lightest.gzipBytes) * 100).toFixed(0)} % of the lightest page, ${lightest.route})`,
  );
}
console.log(
  `re-budget: today's size plus ${BUDGET_HEADROOM * 100} %, rounded up to whole KiB: what to record when raising a budget on purpose`,
);
