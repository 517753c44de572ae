/** Roots by the kind of failure: lint findings never make compiler errors below them into echoes. */
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../src/core/diagnostic.js';
import { makeModuleGraph } from '../../../src/core/graph/module-graph.js';
import { findRoots, selectFrontier } from '../../../src/core/triage/frontier.js';
import { makeEditabilityClassifier } from '../../../src/core/triage/non-editable.js';
import { makeFinding } from '../../helpers/findings.js';

const classify = makeEditabilityClassifier({ rules: [], readHead: () => undefined });
// c imports b imports a; a changed.
const graph = makeModuleGraph([{ 'src/b.ts': ['src/a.ts'], 'src/c.ts': ['src/b.ts'] }]);
const lint = (path: string, line: number): Finding =>
  makeFinding(path, line, {
    tool: 'eslint',
    code: 'no-explicit-any',
    phase: 'lint',
    severity: 'warning',
    message: 'Unexpected any.',
  });
const typeError = (path: string, line: number): Finding => makeFinding(path, line);

function frontierOf(findings: Finding[]) {
  const roots = findRoots({ findings, graph, changedFiles: new Set(['src/a.ts']), classify });
  return { roots, frontier: selectFrontier({ findings, roots, width: 5 }) };
}

describe('roots by the kind of failure', () => {
  it('shows the type errors below a lint-only file beside it', () => {
    const { roots, frontier } = frontierOf([lint('src/a.ts', 1), typeError('src/b.ts', 3), typeError('src/c.ts', 4)]);
    expect(roots.map((root) => [root.files, root.introduced, root.compilerOnly])).toEqual([
      [['src/a.ts'], 1, undefined],
      [['src/b.ts'], 1, true],
    ]);
    // c.ts is below b.ts, which has compiler errors: still an echo.
    expect(frontier.shown.map((finding) => finding.path)).toEqual(['src/a.ts', 'src/b.ts']);
    expect(frontier.withheld.files).toEqual(['src/c.ts']);
  });

  it('withholds the lint findings below a lint-only file, also in a file whose type errors it shows', () => {
    const { roots, frontier } = frontierOf([
      lint('src/a.ts', 1),
      lint('src/b.ts', 2),
      typeError('src/b.ts', 3),
      lint('src/c.ts', 1),
    ]);
    expect(roots.map((root) => root.files)).toEqual([['src/a.ts'], ['src/b.ts']]);
    expect(frontier.shown.map((finding) => [finding.path, finding.phase])).toEqual([
      ['src/a.ts', 'lint'],
      ['src/b.ts', 'semantic'],
    ]);
    expect(frontier.withheld).toEqual({ count: 2, files: ['src/b.ts', 'src/c.ts'] });
  });

  it('keeps a file with compiler errors the root of everything below it', () => {
    const { roots, frontier } = frontierOf([typeError('src/a.ts', 1), lint('src/b.ts', 2), typeError('src/c.ts', 3)]);
    expect(roots.map((root) => root.files)).toEqual([['src/a.ts']]);
    expect(frontier.withheld.files).toEqual(['src/b.ts', 'src/c.ts']);
  });
});
