import { mkdir } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchChromium } from './chromium';
import { type RunningProduct, startProduct } from './start-product';

export interface ProductOptions {
  /** Variables `npm start` gets besides the test's ports and data folder. */
  env?: NodeJS.ProcessEnv;
  expectStoppedMessage?: boolean;
}

/**
 * Starts the product before the file's tests and stops it after them, checking it stopped
 * cleanly. Read `product` inside tests, once it has started.
 */
export function useProduct(options: ProductOptions = {}): { readonly product: RunningProduct } {
  let product: RunningProduct | undefined;

  beforeAll(async () => {
    product = await startProduct(options.env);
  });

  afterAll(async () => {
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
  };
}

/**
 * `useProduct()` and a Chromium, started before the file's tests and stopped after them (the
 * browser first). Read `product` and `browser` inside tests, once they have started.
 */
export function useRunningProduct(
  screenshots: string,
  options: ProductOptions = {},
): { readonly product: RunningProduct; readonly browser: Browser } {
  const running = useProduct(options);
  let browser: Browser | undefined;

  beforeAll(async () => {
    browser = await launchChromium();
    await mkdir(screenshots, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
  });

  return {
    get product() {
      return running.product;
    },
    get browser() {
      if (!browser) throw new Error('Chromium has not started');
      return browser;
    },
  };
}
