import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'service-log',
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
