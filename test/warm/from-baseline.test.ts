/**
 * A cold check that starts from its baseline (seeded/seeded-runner.ts) answers exactly what a
 * full cold run answers on the same tree, edit after edit against one baseline, on the warm
 * tests' workspace (project references, composite packages, a barrel, a `paths` alias,
 * type-aware typescript-eslint), suppression directives, coverage and strength included; and it
 * redoes only what the edit reaches: a body edit checks
 * and lints one file again. Edits a baseline cannot seed (a new file, a file git ignores) run in
 * full, and still agree.
 */
import { describe, expect, it } from 'vitest';
import { useDebugLines, useRepos } from './helpers.js';
import { makeSeededComparison } from './seeded-comparison.js';
import { original, renameField, standing, taxFile, unresolvedVat, widened } from './scenarios.js';
import { makeWorkspace } from './workspace.js';

const repos = useRepos();
const debug = useDebugLines();

describe('a cold check from the baseline', () => {
  it('answers what a full run answers, checking and linting again only what each edit reaches', async () => {
    const repo = repos.add(makeWorkspace('6.0'));
    // Nothing git ignores is compiled here (the other test has that): every edit below can be seeded.
    repo.write('.gitignore', 'node_modules/\n');
    repo.commit('track the generated files');
    const compare = await makeSeededComparison(repo, debug);

    const body = await (async () => {
      repo.write('packages/a/src/settings.ts', original('packages/a/src/settings.ts').replace('rate: 2', 'rate: 3'));
      return compare('a one-line body edit');
    })();
    expect(body.findings).toEqual([standing]);
    expect(body.lines).toContain('from the baseline: tsc checked 1 file(s) again after 1 changed file(s)');
    expect(body.lines.filter((line) => line.startsWith('eslint: linted'))).toEqual([
      'eslint: linted 1 of 11 file(s) again from the baseline',
    ]);

    renameField.apply(repo);
    const renamed = await compare(renameField.name);
    expect(renamed.findings).toEqual([...renameField.expected].sort());
    // The two changed files, the barrel that re-exports rate-card.ts, and the barrel's two importers
    // (total.ts, b/settings.ts); not weigh.ts, units.ts, region.ts, build.ts or standing.ts.
    expect(renamed.lines).toContain('from the baseline: tsc checked 5 file(s) again after 2 changed file(s)');
    expect(renamed.lines).toContain('eslint: linted 5 of 11 file(s) again from the baseline');

    repo.write('packages/a/src/rate-card.ts', original('packages/a/src/rate-card.ts'));
    repo.write(
      'packages/a/src/settings.ts',
      original('packages/a/src/settings.ts').replace('loadSettings(): Settings', 'loadSettings(): any'),
    );
    const widening = await compare('a return type widened to any, seen two hops past the barrel');
    expect(widening.findings).toEqual([...widened, standing].sort());

    repo.write('packages/a/src/settings.ts', original('packages/a/src/settings.ts'));
    repo.write(
      'packages/b/src/standing.ts',
      `/* eslint-disable @typescript-eslint/no-unused-vars -- legacy */\n// @ts-nocheck\n${original('packages/b/src/standing.ts')}`,
    );
    const silenced = await compare('directives that hide the standing finding');
    // typescript-eslint's ban-ts-comment flags @ts-nocheck too; the unused variable is hidden.
    expect(silenced.findings).toEqual([
      'eslint packages/b/src/standing.ts:1 eslint-disable',
      'eslint packages/b/src/standing.ts:2 @typescript-eslint/ban-ts-comment',
      'tsc packages/b/src/standing.ts:2 @ts-nocheck',
    ]);
    expect(silenced.lines).toContain('eslint: linted 1 of 11 file(s) again from the baseline');

    repo.write('packages/b/src/standing.ts', original('packages/b/src/standing.ts'));
    repo.write('packages/b/src/tax.ts', taxFile);
    const added = await compare('a new file');
    expect(added.unseeded).toBe('the edit added files');
    expect(added.findings).toEqual([...unresolvedVat, standing].sort());
  }, 240_000);

  it('never takes a file git ignores from the baseline', async () => {
    // generated.ts is ignored by git, compiled, imported by build.ts and linted.
    const repo = repos.add(makeWorkspace('6.0'));
    const compare = await makeSeededComparison(repo, debug);
    repo.write('packages/b/src/generated.ts', 'export const build = "1";\n');
    repo.write('packages/a/src/settings.ts', original('packages/a/src/settings.ts').replace('rate: 2', 'rate: 3'));
    const step = await compare('an edit to a file git ignores, beside a body edit');
    expect(step.unseeded).toBeUndefined();
    expect(step.findings).toEqual(['tsc packages/b/src/build.ts:2 TS2322', standing].sort());
    expect(step.lines).toContain('from the baseline: tsc reads packages/b/src/generated.ts, which git ignores');
    expect(step.lines.some((line) => line.startsWith('eslint: linted'))).toBe(false);
  }, 240_000);
});
