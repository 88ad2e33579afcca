import { defineConfig } from 'vitest/config';

// Each workspace owns its test configuration (environment, global setup, timeouts);
// `npm test` runs them all as projects of one Vitest run.
export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'apps/*/vitest.config.ts',
      'apps/web/vitest.components.config.ts',
      'scripts/*/vitest.config.ts',
      'e2e/vitest.config.ts',
    ],
  },
});
