import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild } from '../../scripts/start/ensure-web-build';
import {
  type BrowserBudget,
  checkBudget,
  describeCheck,
  type FirstLoad,
  measureFirstLoadJs,
  ROOT,
  readBrowserBudget,
  WEB_DIR,
} from './first-load-js';

/**
 * What the pages everyone lands on cost a browser with an empty cache, measured from the
 * production build and held to e2e/budgets/browser-budget.json, so it never grows unnoticed.
 */

let pages: Map<string, FirstLoad>;
let budget: BrowserBudget;

beforeAll(async () => {
  // The same build `npm start` serves to the other files of this project: made here only when
  // the web app's sources changed since the last one, and then reused by them.
  await ensureWebBuild(ROOT, (line) => console.info(line));
  pages = await measureFirstLoadJs();
  budget = await readBrowserBudget();
});

describe('first-load JavaScript budget', () => {
  it('keeps the home, course, document and search pages within their budgets', () => {
    // More pages may get a budget; these four never lose theirs.
    expect(Object.keys(budget)).toEqual(
      expect.arrayContaining(['/', '/courses/[courseRef]', '/documents/[documentRef]', '/search']),
    );
    const checks = checkBudget(pages, budget);
    console.info(`first-load JavaScript, gzipped:\n${checks.map(describeCheck).join('\n')}`);
    const over = checks.filter(({ ratio }) => ratio > 1).map(describeCheck);
    expect(over, 'pages over their budget (docs/browser-budget.md says what to do)').toEqual([]);
  });

  it("counts the runtime every page loads, not only the page's own code", async () => {
    const manifest: { rootMainFiles: string[] } = JSON.parse(
      await readFile(path.join(WEB_DIR, '.next', 'build-manifest.json'), 'utf8'),
    );
    expect(manifest.rootMainFiles.length).toBeGreaterThan(0);
    for (const route of Object.keys(budget)) {
      const chunks = pages.get(route)?.chunks.map((chunk) => chunk.path) ?? [];
      for (const file of manifest.rootMainFiles) {
        expect(chunks, route).toContain(path.join('.next', file));
      }
    }
  });

  it('names a page that grows past its budget, and a budgeted page the build lacks', () => {
    const home = pages.get('/');
    if (!home) throw new Error('The build has no home page');
    expect(checkBudget(pages, { '/': home.gzipBytes - 1 }).map(describeCheck)).toEqual([
      expect.stringMatching(/^\/ .*\(1\.000; 1 B OVER\)$/),
    ]);
    expect(() => checkBudget(pages, { '/courses/[id]': 1 })).toThrow(
      /The budget names \/courses\/\[id\], which the build has no page for/,
    );
  });
});
