/**
 * The `pyright` check: the repository's own pyright (node_modules/.bin, a virtualenv, then
 * PATH) with `--outputjson`, configured by the repository's pyrightconfig.json or
 * `[tool.pyright]`. The module graph is culprit's static walk of the import statements, read
 * while pyright runs.
 */
import { resolve } from 'node:path';
import type { CheckOutput, CheckRequest } from '../check.js';
import type { PyrightOptions } from './index.js';
import { makeMissingToolError } from '../check.js';
import { dedupeDiagnostics } from '../output/dedupe-diagnostics.js';
import { findExecutable } from '../runner/find-executable.js';
import { parsePyrightReport } from './report.js';
import { readPythonImports } from '../python/sources.js';
import { makeRepoPath } from '../output/repo-path.js';
import { describeToolFailure, runTool } from '../runner/run-tool.js';

export async function runPyright({ root, options }: CheckRequest<PyrightOptions>): Promise<CheckOutput> {
  const executable = findExecutable('pyright', { local: ['node', 'python'], roots: [root, options.workTree] });
  if (executable === null) {
    throw makeMissingToolError(
      `pyright is not installed: no node_modules/.bin/pyright from ${root} upwards, no pyright in .venv or venv, and none on PATH`,
    );
  }
  const args = ['--outputjson', ...(options.project === null ? [] : ['--project', options.project])];
  const running = runTool(executable, args, { name: 'pyright', cwd: root });
  // Reading the sources is synchronous; pyright works meanwhile in its own process.
  const imports = readPythonImports(root, options.sourceRoots);
  const result = await running;
  const toRepoPath = makeRepoPath(root);
  // 0: no errors, 1: errors; 2 fatal, 3 configuration file error, 4 bad command line.
  if (result.exitCode !== 0 && result.exitCode !== 1) throw new Error(describeToolFailure('pyright', result));
  const report = parsePyrightReport(result.stdout, (file) => toRepoPath(resolve(root, file)));
  return { version: report.version, diagnostics: dedupeDiagnostics(report.diagnostics), imports };
}
