import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'worker',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['../../packages/db/src/testing/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
