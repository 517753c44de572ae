/** The servers a test file's tests start, stopped after each test with everything they ran. */
import { afterEach, expect } from 'vitest';
import { waitFor } from '../checks/helpers.js';
import { runCli } from '../helpers/cli.js';
import { findProcessesIn } from '../warm/helpers.js';

/** Roots pushed here have their server stopped after the test; the test fails if any process is left in them. */
export function useServerStops(): string[] {
  const stopped: string[] = [];
  afterEach(async () => {
    // Whatever the test did, no server and nothing it ran outlives it.
    for (const root of stopped.splice(0)) {
      runCli(root, ['serve', '--stop']);
      const gone = await waitFor(() => findProcessesIn(root).length === 0, 20_000);
      expect(gone, `processes left in ${root}: ${findProcessesIn(root).join(', ')}`).toBe(true);
    }
  });
  return stopped;
}
