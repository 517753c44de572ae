import { describe, expect, it } from 'vitest';
import type { CheckRun } from '../../src/checks/check.js';
import type { Diagnostic } from '../../src/core/diagnostic.js';
import { makeRunRelocator } from '../../src/baseline/relocate-run.js';

const copy = '/tmp/culprit-base-1-abc';
const root = '/work/repo';

function makeRun(paths: readonly (string | null)[]): CheckRun {
  const diagnostics = paths.map((path): Diagnostic => ({
    tool: 'tsc',
    code: 'TS1',
    severity: 'error',
    phase: 'semantic',
    path,
    line: 1,
    column: 1,
    message: 'm',
  }));
  return { name: 'tsc', status: 'ok', durationMs: 1, version: '6.0.0', diagnostics };
}

describe('makeRunRelocator', () => {
  it("names the work tree's linked files as the work tree does, folders named ..foo included", () => {
    const relocate = makeRunRelocator(copy, [root]);
    const run = relocate(
      makeRun([
        'src/a.ts',
        '..generated/b.ts',
        '../../work/repo/node_modules/x/index.d.ts',
        '../../work/repo/..generated/c.d.ts',
        '../../elsewhere/d.ts',
        null,
      ]),
    );
    expect(run.diagnostics.map((diagnostic) => diagnostic.path)).toEqual([
      'src/a.ts',
      '..generated/b.ts',
      'node_modules/x/index.d.ts',
      '..generated/c.d.ts',
      '../../elsewhere/d.ts',
      null,
    ]);
  });
});
