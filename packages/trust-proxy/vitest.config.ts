import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'trust-proxy',
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
