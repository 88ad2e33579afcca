import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'collector',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['../../packages/db/src/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
