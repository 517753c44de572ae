/**
 * The `ruff` check: the repository's ruff (a virtualenv, then PATH) as `ruff check`, without
 * fixes and without its cache, so nothing is written into the tree. Configured by the
 * repository's ruff.toml / `[tool.ruff]`; the graph is the static walk of import statements.
 */
import { resolve } from 'node:path';
import type { CheckOutput, CheckRequest } from '../check.js';
import type { RuffOptions } from './index.js';
import { makeMissingToolError } from '../check.js';
import { dedupeDiagnostics } from '../output/dedupe-diagnostics.js';
import { findExecutable } from '../runner/find-executable.js';
import { readPythonImports } from '../python/sources.js';
import { makeRepoPath } from '../output/repo-path.js';
import { parseRuffOutput, parseRuffVersion } from './output.js';
import { describeToolFailure, runTool } from '../runner/run-tool.js';

export async function runRuff({ root, options }: CheckRequest<RuffOptions>): Promise<CheckOutput> {
  const executable = findExecutable('ruff', { local: ['python'], roots: [root, options.workTree] });
  if (executable === null)
    throw makeMissingToolError(`ruff is not installed: no ruff in .venv or venv of ${root}, and none on PATH`);
  const versionRun = runTool(executable, ['--version'], { name: 'ruff --version', cwd: root });
  const checkRun = runTool(
    executable,
    ['check', '--output-format', 'json', '--no-fix', '--no-cache', ...options.targets],
    { name: 'ruff', cwd: root },
  );
  const imports = readPythonImports(root, options.sourceRoots);
  const [version, result] = await Promise.all([versionRun, checkRun]);
  const toRepoPath = makeRepoPath(root);
  // 0: no violations, 1: violations, 2: configuration or command line problem.
  if (result.exitCode !== 0 && result.exitCode !== 1) throw new Error(describeToolFailure('ruff', result));
  const diagnostics = parseRuffOutput(result.stdout, (file) => toRepoPath(resolve(root, file)));
  return { version: parseRuffVersion(version.stdout), diagnostics: dedupeDiagnostics(diagnostics), imports };
}
