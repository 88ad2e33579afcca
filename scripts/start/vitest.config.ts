import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'start',
    include: ['**/*.test.ts'],
    // A real PostgreSQL with a migrated template; each suite clones its own database.
    globalSetup: ['../../packages/db/src/testing/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
