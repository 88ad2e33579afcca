import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Component tests: React components rendered in jsdom with Testing Library, driven as a person
 * would (user-event). No database is started for them; anything from the server arrives through
 * a stubbed global `fetch`, the network boundary.
 */
export default defineConfig({
  // Compiled as in vitest.config.ts: the `@/` imports, and JSX (tsconfig leaves it to Next).
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    name: 'web-components',
    include: ['src/**/*.test.tsx'],
    environment: 'jsdom',
    environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
    setupFiles: ['./src/testing/component-setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
