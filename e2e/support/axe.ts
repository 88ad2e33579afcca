import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

declare global {
  interface Window {
    /** axe-core's source, injected by `seriousViolations`. */
    axe: { run(context: Document, options: RunOptions): Promise<AxeResults> };
  }
}

/** axe's default rules, plus the one that checks a visible label is part of the spoken name. */
const AXE_OPTIONS: RunOptions = {
  resultTypes: ['violations'],
  rules: { 'label-content-name-mismatch': { enabled: true } },
};

let axeSource: Promise<string> | undefined;

/** The serious and critical violations axe finds on the page, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(await axeSource);
  const results = await page.evaluate((options) => window.axe.run(document, options), AXE_OPTIONS);
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} — ${violation.nodes
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}
