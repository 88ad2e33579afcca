import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'start',
    include: ['**/*.test.ts'],
    testTimeout: 60_000,
  },
});
