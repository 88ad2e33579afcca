import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const WEB_DIR = path.join(ROOT, 'apps', 'web');
export const BUDGET_FILE = path.join(import.meta.dirname, 'browser-budget.json');

/**
 * Written by every Turbopack production build (Next 16.2 and later): per route, the JavaScript
 * files a browser loads before the page can run, the layouts' and the shared runtime's included,
 * paths relative to the web app's folder. `next build` no longer prints this table.
 */
const ROUTE_STATS_FILE = path.join('.next', 'diagnostics', 'route-bundle-stats.json');

export interface ChunkSize {
  /** Relative to the web app's folder (`.next/static/chunks/….js`). */
  path: string;
  /** Bytes on disk (minified). */
  rawBytes: number;
  /**
   * Gzipped on its own at zlib's default level: what Next's server sends (its compression uses
   * that default) and what a browser with an empty cache downloads.
   */
  gzipBytes: number;
}

/** One page's first-load JavaScript as the production build ships it: its files, summed. */
export interface FirstLoad {
  route: string;
  chunks: ChunkSize[];
  rawBytes: number;
  gzipBytes: number;
}

interface RouteStats {
  route: string;
  firstLoadChunkPaths: string[];
}

function isRouteStats(value: unknown): value is RouteStats {
  if (typeof value !== 'object' || value === null) return false;
  const { route, firstLoadChunkPaths } = value as Record<string, unknown>;
  return (
    typeof route === 'string' &&
    Array.isArray(firstLoadChunkPaths) &&
    firstLoadChunkPaths.every((chunk) => typeof chunk === 'string')
  );
}

/** Every route of the web app's current production build, by route (`/courses/[courseRef]`). */
export async function measureFirstLoadJs(webDir = WEB_DIR): Promise<Map<string, FirstLoad>> {
  const statsPath = path.join(webDir, ROUTE_STATS_FILE);
  const text = await readFile(statsPath, 'utf8').catch(() => null);
  if (text === null) {
    throw new Error(
      `${statsPath} is missing: it is written by a Turbopack production build (next build, Next 16.2 or later). Build the web app first (npm start builds it).`,
    );
  }
  const rows: unknown = JSON.parse(text);
  if (!Array.isArray(rows) || !rows.every(isRouteStats)) {
    throw new Error(
      `${statsPath} is not the list of { route, firstLoadChunkPaths } this check reads: Next may have changed its format.`,
    );
  }
  // Pages share most chunks: read and compress each file once.
  const sizes = new Map<string, Promise<ChunkSize>>();
  const sizeOf = (chunk: string) => {
    let size = sizes.get(chunk);
    if (!size) {
      size = readFile(path.join(webDir, chunk)).then(
        (content) => ({
          path: chunk,
          rawBytes: content.byteLength,
          gzipBytes: gzipSync(content).byteLength,
        }),
        () => {
          throw new Error(`${chunk}, listed in ${statsPath}, is missing from the build`);
        },
      );
      sizes.set(chunk, size);
    }
    return size;
  };
  const pages = new Map<string, FirstLoad>();
  for (const { route, firstLoadChunkPaths } of rows) {
    const chunks = await Promise.all(firstLoadChunkPaths.map(sizeOf));
    pages.set(route, { route, chunks, ...sumOf(chunks) });
  }
  return pages;
}

/** Total bytes of `chunks`, minified and gzipped. */
export function sumOf(chunks: ChunkSize[]): { rawBytes: number; gzipBytes: number } {
  return {
    rawBytes: chunks.reduce((total, chunk) => total + chunk.rawBytes, 0),
    gzipBytes: chunks.reduce((total, chunk) => total + chunk.gzipBytes, 0),
  };
}

/** Gzipped first-load JavaScript allowed per page, in bytes (browser-budget.json's `pages`). */
export type BrowserBudget = Record<string, number>;

export async function readBrowserBudget(file = BUDGET_FILE): Promise<BrowserBudget> {
  const { pages }: { pages?: unknown } = JSON.parse(await readFile(file, 'utf8'));
  const valid =
    typeof pages === 'object' &&
    pages !== null &&
    Object.values(pages).every((bytes) => Number.isSafeInteger(bytes) && Number(bytes) > 0);
  if (!valid) throw new Error(`${file}: "pages" must map each route to a whole number of bytes`);
  return pages as BrowserBudget;
}

export interface BudgetCheck {
  route: string;
  gzipBytes: number;
  budgetBytes: number;
  /** gzipBytes / budgetBytes: above 1 is over budget. */
  ratio: number;
}

/**
 * Each budgeted page against its budget. A budgeted route the build no longer has is an error:
 * a renamed page must take its budget along rather than silently lose it.
 */
export function checkBudget(pages: Map<string, FirstLoad>, budget: BrowserBudget): BudgetCheck[] {
  return Object.entries(budget).map(([route, budgetBytes]) => {
    const page = pages.get(route);
    if (!page) {
      throw new Error(
        `The budget names ${route}, which the build has no page for (routes: ${[...pages.keys()].sort().join(', ')})`,
      );
    }
    return { route, gzipBytes: page.gzipBytes, budgetBytes, ratio: page.gzipBytes / budgetBytes };
  });
}

/**
 * Room left above today's size when a budget is set: enough for a small fix, too little for a new
 * library, which must then raise the budget on purpose.
 */
export const BUDGET_HEADROOM = 0.03;

/** The budget to record for a page of `gzipBytes`: the headroom added, rounded up to whole KiB. */
export function budgetFor(gzipBytes: number): number {
  return Math.ceil((gzipBytes * (1 + BUDGET_HEADROOM)) / 1024) * 1024;
}

/** One line per page, for the test's output and the benchmark. */
export function describeCheck({ route, gzipBytes, budgetBytes, ratio }: BudgetCheck): string {
  const verdict =
    gzipBytes <= budgetBytes
      ? `${budgetBytes - gzipBytes} B to spare`
      : `${gzipBytes - budgetBytes} B OVER`;
  return `${route.padEnd(26)} ${String(gzipBytes).padStart(8)} B of ${String(budgetBytes).padStart(8)} B (${ratio.toFixed(3)}; ${verdict})`;
}
