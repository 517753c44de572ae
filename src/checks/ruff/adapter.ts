/**
 * The `ruff` check: the repository's ruff (a virtualenv, then PATH) as `ruff check`, without
 * fixes and without its cache, so nothing is written into the tree, through the command runner.
 * Configured by the repository's ruff.toml / `[tool.ruff]`; the graph is the static walk of
 * import statements. Exit 0 is clean, 1 violations, 2 a configuration or command line problem.
 *
 * Two more calls run beside it, each a fraction of the lint: `--show-files` lists the files it
 * lints (its JSON names only those with violations): the coverage; `--show-settings` gives the
 * rules it enforces and the configuration file it resolved: the strength, where a rule enforced
 * at the baseline and not now is a weakening.
 */
import { relative, resolve, sep } from 'node:path';
import type { CheckOutput, CheckRequest, ImportRecord } from '../check.js';
import type { StrengthScope } from '../../core/check-run.js';
import type { RuffOptions } from './index.js';
import { findExecutable } from '../runner/find-executable.js';
import { readPythonImports, readPythonSuppressions } from '../python/sources.js';
import { makeRepoPath } from '../output/repo-path.js';
import { parseRuffFileList, parseRuffOutput, parseRuffSettings, parseRuffVersion } from './output.js';
import { runCommandCheck, type CheckConfig, type CommandCheck } from '../runner/command-check.js';
import type { ToolResult } from '../runner/run-tool.js';

interface RuffSide {
  imports: ImportRecord;
  files: ToolResult;
  settings: ToolResult;
}

const ruff: CommandCheck<RuffOptions, RuffSide> = {
  name: () => 'ruff',
  locate: ({ root, options }) => ({
    executable: findExecutable('ruff', { local: ['python'], roots: [root, options.workTree] }),
    missing: `ruff is not installed: no ruff in .venv or venv of ${root}, and none on PATH`,
  }),
  version: { args: ['--version'], read: parseRuffVersion },
  args: ({ options }) => ['check', '--output-format', 'json', '--no-fix', '--no-cache', ...options.targets],
  beside: async (run) => {
    const files = run.call(['check', '--show-files', '--no-cache', ...run.options.targets], 'ruff --show-files');
    const settings = run.call(
      ['check', '--show-settings', '--no-cache', ...run.options.targets],
      'ruff --show-settings',
    );
    const imports = readPythonImports(run.root, run.options.sourceRoots);
    return { imports, files: await files, settings: await settings };
  },
  exitCodes: [0, 1],
  read: (result, { root }, side) => {
    const toRepoPath = makeRepoPath(root);
    const diagnostics = parseRuffOutput(result.stdout, (file) => toRepoPath(resolve(root, file)));
    const files = side.files.exitCode === 0 ? parseRuffFileList(side.files.stdout) : undefined;
    return {
      diagnostics,
      imports: side.imports,
      checkedPaths: files?.map((file) => toRepoPath(resolve(root, file))),
      config: side.settings.exitCode === 0 ? readConfig(root, side.settings.stdout) : undefined,
    };
  },
  scanSuppressions: (root, paths) => readPythonSuppressions('ruff', root, paths),
};

export function runRuff(request: CheckRequest<RuffOptions>): Promise<CheckOutput> {
  return runCommandCheck(ruff, request);
}

/** Every rule ruff enforces at level 1, from its resolved settings; the file they come from. */
function readConfig(root: string, stdout: string): CheckConfig | undefined {
  const settings = parseRuffSettings(stdout);
  if (settings === null) return undefined;
  const file = settings.settingsPath === null ? null : relative(root, settings.settingsPath).split(sep).join('/');
  const source = file === null || file.startsWith('../') ? null : file;
  const scope: StrengthScope = {
    source,
    settings: Object.fromEntries([...settings.enabled].map(([code, name]) => [code, [1, name]])),
  };
  return { configFiles: source === null ? [] : [source], strength: [scope] };
}
