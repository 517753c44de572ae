/**
 * The `mypy` check: the repository's mypy (a virtualenv, then PATH — Debian's python3-mypy
 * installs /usr/bin/mypy), configured by its own mypy.ini / `[tool.mypy]`. mypy's incremental
 * cache goes to culprit's cache folder, never `.mypy_cache` in the tree. The graph is the
 * same static walk of import statements as pyright's.
 */
import { isAbsolute, resolve } from 'node:path';
import type { CheckOutput, CheckRequest } from '../check.js';
import type { MypyOptions } from './index.js';
import { makeMissingToolError } from '../check.js';
import { dedupeDiagnostics } from '../output/dedupe-diagnostics.js';
import { findExecutable } from '../runner/find-executable.js';
import { chooseMypyFormat, parseMypyOutput, parseMypyVersion } from './output.js';
import { readPythonImports } from '../python/sources.js';
import { makeRepoPath } from '../output/repo-path.js';
import { describeToolFailure, runTool } from '../runner/run-tool.js';
import { resolveToolCacheDir } from '../runner/tool-cache.js';

export async function runMypy({ root, options }: CheckRequest<MypyOptions>): Promise<CheckOutput> {
  const executable = findExecutable('mypy', { local: ['python'], roots: [root, options.workTree] });
  if (executable === null)
    throw makeMissingToolError(`mypy is not installed: no mypy in .venv or venv of ${root}, and none on PATH`);
  const versionRun = await runTool(executable, ['--version'], { name: 'mypy --version', cwd: root });
  const version = parseMypyVersion(versionRun.stdout);
  if (version === null) throw new Error(describeToolFailure('mypy --version', versionRun));
  const format = chooseMypyFormat(version);
  const args = [
    ...(format === 'json'
      ? ['-O', 'json']
      : ['--show-column-numbers', '--show-error-codes', '--show-error-end', '--no-pretty', '--hide-error-context']),
    '--no-error-summary',
    '--no-color-output',
    // By default mypy stops reporting a file after 200 errors; a cut list would change with the count.
    '--soft-error-limit=-1',
    '--cache-dir',
    resolveToolCacheDir('mypy', options.workTree, root),
    ...options.targets,
  ];
  const running = runTool(executable, args, {
    name: 'mypy',
    cwd: root,
    env: { ...process.env, MYPY_FORCE_COLOR: '0' },
  });
  const imports = readPythonImports(root, options.sourceRoots);
  const result = await running;
  const toRepoPath = makeRepoPath(root);
  const diagnostics = parseMypyOutput(result.stdout, format, (printed) =>
    toRepoPath(isAbsolute(printed) ? printed : resolve(root, printed)),
  );
  // 0: clean, 1: findings; 2 is a blocking error, which is a finding when it is a file's syntax error.
  if (result.exitCode !== 0 && result.exitCode !== 1 && diagnostics.length === 0) {
    throw new Error(
      describeToolFailure('mypy', {
        ...result,
        stderrLines: result.stderrLines.length > 0 ? result.stderrLines : readLastLines(result.stdout),
      }),
    );
  }
  return { version, diagnostics: dedupeDiagnostics(diagnostics), imports };
}

/** mypy prints its own usage and configuration errors on stdout or stderr, depending on which. */
function readLastLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .slice(-3);
}
