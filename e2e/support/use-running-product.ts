import { mkdir } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchChromium } from './chromium';
import { type RunningProduct, startProduct } from './start-product';

/**
 * Starts the product and a Chromium before the file's tests and stops both after them, checking
 * the product stopped cleanly. Read `product` and `browser` inside tests, once they have started.
 */
export function useRunningProduct(
  screenshots: string,
  options: { expectStoppedMessage?: boolean } = {},
): { readonly product: RunningProduct; readonly browser: Browser } {
  let product: RunningProduct | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchChromium();
    await mkdir(screenshots, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    if (product) {
      const exit = await product.stop();
      // npm re-raises the SIGINT it passed on; what matters is that ours stopped everything.
      expect(exit.code === 0 || exit.signal === 'SIGINT', product.output()).toBe(true);
      if (options.expectStoppedMessage) expect(product.output()).toContain('Stopped.');
    }
  });

  return {
    get product() {
      if (!product) throw new Error('the product has not started');
      return product;
    },
    get browser() {
      if (!browser) throw new Error('Chromium has not started');
      return browser;
    },
  };
}
