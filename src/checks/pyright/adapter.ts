/**
 * The `pyright` check: the repository's own pyright (node_modules/.bin, a virtualenv, then
 * PATH) with `--outputjson`, configured by the repository's pyrightconfig.json or
 * `[tool.pyright]`, through the command runner. Exit codes 0 and 1 are results; 2 (fatal), 3 (a
 * configuration file error) and 4 (the command line) fail the check. The module graph is
 * culprit's static walk of the import statements, read while pyright runs. Its coverage is the
 * files pyright analyzes as culprit lists them from the configuration, taken only when their
 * count is pyright's own `filesAnalyzed` (config.ts); a run that analyzed none checked no file.
 */
import { resolve } from 'node:path';
import type { CheckOutput, CheckRequest, ImportRecord } from '../check.js';
import type { PyrightOptions } from './index.js';
import { findExecutable } from '../runner/find-executable.js';
import { parsePyrightReport } from './report.js';
import { readPythonImports, readPythonSuppressions } from '../python/sources.js';
import { makeRepoPath } from '../output/repo-path.js';
import { runCommandCheck, type CommandCheck } from '../runner/command-check.js';
import { listPyrightFiles, makePyrightStrength, readPyrightConfig } from './config.js';

const pyright: CommandCheck<PyrightOptions, ImportRecord> = {
  name: () => 'pyright',
  locate: ({ root, options }) => ({
    executable: findExecutable('pyright', { local: ['node', 'python'], roots: [root, options.workTree] }),
    missing: `pyright is not installed: no node_modules/.bin/pyright from ${root} upwards, no pyright in .venv or venv, and none on PATH`,
  }),
  args: ({ options }) => ['--outputjson', ...(options.project === null ? [] : ['--project', options.project])],
  // Reading the sources is synchronous; pyright works meanwhile in its own process.
  beside: ({ root, options }) => Promise.resolve(readPythonImports(root, options.sourceRoots)),
  exitCodes: [0, 1],
  read: (result, { root, options }, imports) => {
    const toRepoPath = makeRepoPath(root);
    const report = parsePyrightReport(result.stdout, (file) => toRepoPath(resolve(root, file)));
    return {
      version: report.version,
      diagnostics: report.diagnostics,
      imports,
      checkedPaths: report.filesAnalyzed === 0 ? [] : readCoverage(root, options, report.filesAnalyzed),
    };
  },
  scanSuppressions: (root, paths) => readPythonSuppressions('pyright', root, paths),
  readConfig: ({ root, options }) => {
    const config = readPyrightConfig(root, options.project);
    return { configFiles: config.file === null ? [] : [config.file], strength: makePyrightStrength(config) };
  },
};

export function runPyright(request: CheckRequest<PyrightOptions>): Promise<CheckOutput> {
  return runCommandCheck(pyright, request);
}

/** The files listed from the configuration, when pyright analyzed as many; else unknown. */
function readCoverage(root: string, options: PyrightOptions, filesAnalyzed: number | undefined): string[] | undefined {
  const files = listPyrightFiles(root, readPyrightConfig(root, options.project));
  return files.analyzed.length === filesAnalyzed ? files.checked : undefined;
}
