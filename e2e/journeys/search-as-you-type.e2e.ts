import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useRunningProduct } from '../support/use-running-product';

const SCREENSHOTS = path.resolve(
  import.meta.dirname,
  '..',
  '..',
  'test-results',
  'search-as-you-type',
);

const running = useRunningProduct(SCREENSHOTS);

/**
 * Issue 30: typing "matrices" into the search box of the demo, suggestions appeared, vanished
 * from `matrice` (the index holds the stem `matric`), and the whole word suggested nothing,
 * while the results page found six documents. Each letter from the third must keep the list,
 * and the results page must find what the box showed.
 */
const WORD = 'matrices';

/** Types `text` after what the box holds and waits for the suggestions for the whole text. */
async function typeAndAwaitSuggestions(page: Page, letters: string, text: string) {
  const answered = page.waitForResponse(
    (response) =>
      response.url().includes('/api/search/suggest') &&
      new URL(response.url()).searchParams.get('q') === text,
  );
  await page.getByRole('combobox', { name: /Search/ }).pressSequentially(letters);
  expect((await answered).status()).toBe(200);
  // The list is drawn after the answer arrives (or stays closed: the caller counts the options).
  await page
    .waitForFunction(
      () =>
        document.querySelector('input[role="combobox"]')?.getAttribute('aria-expanded') === 'true',
      undefined,
      { timeout: 5000 },
    )
    .catch(() => {});
}

describe('a visitor typing a word into the search box', () => {
  for (const [label, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    it(`keeps suggestions at every letter and finds what they showed (${label})`, async () => {
      const context = await running.browser.newContext({
        viewport,
        isMobile: label === 'phone',
        hasTouch: label === 'phone',
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(running.product.baseUrl);
      const options = page.getByRole('option');

      await typeAndAwaitSuggestions(page, WORD.slice(0, 3), WORD.slice(0, 3));
      for (let length = 4; length <= WORD.length; length++) {
        await typeAndAwaitSuggestions(page, WORD.slice(length - 1, length), WORD.slice(0, length));
        expect(await options.count(), WORD.slice(0, length)).toBeGreaterThan(0);
        if (length === WORD.length - 1) {
          await page.screenshot({ path: path.join(SCREENSHOTS, `${label}-box-matrice.png`) });
        }
      }

      // Quickly, as on a phone: every keystroke cancels the call before it; none may break the box.
      const box = page.getByRole('combobox', { name: /Search/ });
      await box.fill('');
      const last = page.waitForResponse(
        (response) => new URL(response.url()).searchParams.get('q') === 'matrice',
      );
      await box.pressSequentially('matrice', { delay: 40 });
      await last;
      await expect.poll(() => options.count()).toBeGreaterThan(0);

      await box.press('Enter');
      await page.waitForURL(/\/search\?q=matrice$/);
      await expect.poll(() => page.getByText(/Nothing matches/).count()).toBe(0);
      expect(await page.locator('main ol > li').count()).toBeGreaterThan(0);
      await page.screenshot({ path: path.join(SCREENSHOTS, `${label}-results-matrice.png`) });
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
