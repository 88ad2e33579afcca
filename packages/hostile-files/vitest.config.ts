import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'hostile-files',
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
