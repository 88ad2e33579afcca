import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'analytics',
    include: ['src/**/*.test.ts'],
    globalSetup: ['../db/src/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
