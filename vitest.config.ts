import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Tests drive real tsc, ESLint and git on small repositories; cold type-aware
    // ESLint alone takes seconds, so the defaults are too tight.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Most of a test's time is spent in child processes (culprit, tsc, ESLint, git), so two test
    // files at once keep both cores of a CI machine busy without oversubscribing them.
    maxWorkers: 2,
  },
});
