import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Node tests, with a real PostgreSQL; component tests (`*.test.tsx`) run in jsdom without it
// (vitest.components.config.ts), so neither pays for the other's environment.
export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  // tsconfig keeps JSX for Next to compile; tests that render components need it compiled here.
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    name: 'web',
    include: ['src/**/*.test.ts'],
    globalSetup: ['../../packages/db/src/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
