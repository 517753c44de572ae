/**
 * A warm tsc marks exactly what a cold one marks: the implicit anys traced to an error-typed
 * value, and the spans lint findings are matched against, edit after edit (TypeScript 6.0, with
 * type-aware ESLint fed the warm programs), and the worker is reused throughout.
 */
import { describe, expect, it } from 'vitest';
import { makeRepo } from '../helpers/repo.js';
import {
  addLegacyHook,
  derivedCommandFiles,
  derivedFiles,
  readTransaction,
  renameTr,
} from '../fixtures/derived-findings.js';
import { makeWarmComparison, useRepos, useWarmEngine } from './helpers.js';

const repos = useRepos();
const getEngine = useWarmEngine();

describe('derived findings, warm', () => {
  it('are traced warm as they are cold, and no longer once their cause is fixed', async () => {
    const repo = repos.add(makeRepo({ files: derivedFiles, eslint: '10' }));
    const comparison = await makeWarmComparison(getEngine(), repo.root);
    const first = await comparison.compare('the tree as committed');

    repo.write('src/types.ts', renameTr(repo.read('src/types.ts')));
    repo.write('src/commands/clear-marks.ts', addLegacyHook(repo.read('src/commands/clear-marks.ts')));
    const renamed = await comparison.compare('the field renamed, an independent any beside it');
    const tsc = renamed.warm.find((run) => run.name === 'tsc')!;
    expect(tsc.diagnostics.filter((text) => text.includes('"derivedFrom"'))).toHaveLength(4 * 5);
    expect(new Set(tsc.derived.map((span) => span.split(':')[0]))).toEqual(new Set(derivedCommandFiles));

    repo.write('src/commands/lift-block.ts', readTransaction(repo.read('src/commands/lift-block.ts')));
    const one = await comparison.compare('one command fixed');
    expect(
      one.warm.find((run) => run.name === 'tsc')!.diagnostics.filter((text) => text.includes('"derivedFrom"')),
    ).toHaveLength(3 * 5);

    for (const path of derivedCommandFiles) repo.write(path, readTransaction(repo.read(path)));
    const fixed = await comparison.compare('every command fixed');
    // Only the independent implicit any is left to derive from.
    const legacy = '<- {"path":"src/commands/clear-marks.ts","line":24,"column":20,"endLine":24,"endColumn":25}';
    expect(fixed.warm.find((run) => run.name === 'tsc')!.derived).toEqual([
      `src/commands/clear-marks.ts:24:37:24:42 ${legacy}`,
      `src/commands/clear-marks.ts:24:37:24:47 ${legacy}`,
      `src/commands/clear-marks.ts:24:43:24:47 ${legacy}`,
    ]);
    expect([renamed.pid, one.pid, fixed.pid]).toEqual([first.pid, first.pid, first.pid]);
    // Four steps, each run warm and cold side by side: 80-140 s on two shared cores.
  }, 300_000);
});
