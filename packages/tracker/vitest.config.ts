import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'tracker',
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    // The SDK runs in browsers: its tests get a DOM. The page URL is a multi-label https host so
    // cookie Domain and Secure rules are exercised; tests that need another host reconfigure jsdom.
    environment: 'jsdom',
    environmentOptions: { jsdom: { url: 'https://app.coursepack.test/courses/7?utm_source=news' } },
    restoreMocks: true,
    unstubGlobals: true,
  },
});
