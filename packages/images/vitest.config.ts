import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'images',
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
