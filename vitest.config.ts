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
    // culprit starts no warm server by itself in CI: every culprit a test runs is told it is in one
    // (CI sets CI=true itself; '1' elsewhere keeps the tests that read CI=true as "the tools must be
    // installed" as they were). Tests of the autostart clear it for the culprit they run.
    env: { CI: process.env['CI'] ?? '1' },
  },
});
