import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Tests drive real tsc, ESLint and git on small repositories; cold type-aware
    // ESLint alone takes seconds, so the defaults are too tight.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
