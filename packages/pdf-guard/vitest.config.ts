import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'pdf-guard',
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
