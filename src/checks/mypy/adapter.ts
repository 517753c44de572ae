/**
 * The `mypy` check: the repository's mypy (a virtualenv, then PATH — Debian's python3-mypy
 * installs /usr/bin/mypy), configured by its own mypy.ini / `[tool.mypy]`, through the command
 * runner. mypy's incremental cache goes to culprit's cache folder, never `.mypy_cache` in the
 * tree. The graph is the same static walk of import statements as pyright's.
 *
 * Exit 0 is clean and 1 findings. Exit 2 is mypy stopping: at a blocking error (a file that does
 * not parse; mypy then checks nothing else, and `--no-error-summary` hides its "errors prevented
 * further checking"), which fails the check quoting that error, or before it began, with its own
 * words. `--verbose` makes mypy log the files it read on stderr: the run's coverage, and the
 * modules its per-module sections apply to.
 */
import { isAbsolute, resolve } from 'node:path';
import type { CheckOutput, CheckRequest, ImportRecord } from '../check.js';
import type { Diagnostic } from '../../core/diagnostic.js';
import type { MypyOptions } from './index.js';
import { findExecutable } from '../runner/find-executable.js';
import { chooseMypyFormat, parseMypyOutput, parseMypyReadFiles, parseMypyVersion } from './output.js';
import { readPythonImports, readPythonSuppressions } from '../python/sources.js';
import { makeRepoPath } from '../output/repo-path.js';
import { runCommandCheck, type CommandCheck } from '../runner/command-check.js';
import { describeToolFailure, type ToolResult } from '../runner/run-tool.js';
import { resolveToolCacheDir } from '../runner/tool-cache.js';
import { makeMypyStrength, readMypyConfig } from './config.js';

const mypy: CommandCheck<MypyOptions, ImportRecord> = {
  name: () => 'mypy',
  locate: ({ root, options }) => ({
    executable: findExecutable('mypy', { local: ['python'], roots: [root, options.workTree] }),
    missing: `mypy is not installed: no mypy in .venv or venv of ${root}, and none on PATH`,
  }),
  env: () => ({ MYPY_FORCE_COLOR: '0' }),
  // The output format depends on the version: asked first.
  version: { args: ['--version'], read: parseMypyVersion, before: true, required: true },
  args: ({ root, options, version }) => [
    ...(chooseMypyFormat(version ?? '0') === 'json'
      ? ['-O', 'json']
      : ['--show-column-numbers', '--show-error-codes', '--show-error-end', '--no-pretty', '--hide-error-context']),
    '--no-error-summary',
    '--no-color-output',
    // By default mypy stops reporting a file after 200 errors; a cut list would change with the count.
    '--soft-error-limit=-1',
    '--verbose',
    '--cache-dir',
    resolveToolCacheDir('mypy', options.workTree, root),
    ...options.targets,
  ],
  keepStderr: true,
  beside: ({ root, options }) => Promise.resolve(readPythonImports(root, options.sourceRoots)),
  exitCodes: [0, 1, 2],
  read: (result, run, imports) => {
    const toRepoPath = makeRepoPath(run.root);
    const repoPath = (printed: string) => toRepoPath(isAbsolute(printed) ? printed : resolve(run.root, printed));
    const diagnostics = parseMypyOutput(result.stdout, chooseMypyFormat(run.version ?? '0'), repoPath);
    if (result.exitCode === 2) return { diagnostics, failure: describeStop(result, diagnostics) };
    const modules = readCheckedModules(result.stderr ?? '', repoPath);
    const config = readMypyConfig(run.root);
    return {
      diagnostics,
      imports,
      // No log at all: a mypy that does not log its sources says nothing of what it read.
      checkedPaths: /^LOG:/m.test(result.stderr ?? '') ? [...modules.keys()] : undefined,
      config: { configFiles: config.file === null ? [] : [config.file], strength: makeMypyStrength(config, modules) },
    };
  },
  scanSuppressions: (root, paths) => readPythonSuppressions('mypy', root, paths),
};

export function runMypy(request: CheckRequest<MypyOptions>): Promise<CheckOutput> {
  return runCommandCheck(mypy, request);
}

/** Why mypy stopped: the blocking error it printed, else its own words (a usage or configuration error). */
function describeStop(result: ToolResult, diagnostics: readonly Diagnostic[]): string {
  const blocking = diagnostics.find((diagnostic) => diagnostic.severity === 'error');
  if (blocking !== undefined) {
    const at = `${blocking.path ?? ''}:${blocking.line}:${blocking.column}`;
    return `mypy stopped at a blocking error and checked nothing after it: ${at}: ${blocking.message} [${blocking.code}]`;
  }
  // mypy prints its usage and configuration errors on stdout or stderr, depending on which; --verbose logs on stderr.
  const said = [...(result.stderr ?? '').split(/\r?\n/), ...result.stdout.split(/\r?\n/)]
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/^(?:LOG|TRACE):/.test(line));
  return describeToolFailure('mypy', { ...result, stderrLines: said.slice(-3) });
}

/** Repository file → module, for the `.py` and `.pyi` files of the tree mypy read. */
function readCheckedModules(stderr: string, toRepoPath: (printed: string) => string): Map<string, string> {
  const modules = new Map<string, string>();
  for (const [printed, module] of parseMypyReadFiles(stderr)) {
    const path = toRepoPath(printed);
    if (/\.pyi?$/.test(path) && !path.startsWith('../')) modules.set(path, module);
  }
  return modules;
}
