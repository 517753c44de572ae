/**
 * The `oxlint` check: the repository's oxlint (node_modules/.bin, walking up, then PATH) as
 * `oxlint --format=sarif <targets>`, without fixes; oxlint keeps no cache, so nothing is
 * written into the tree. oxlint exits 1 on findings and on failures alike, and prints its own
 * errors (a broken .oxlintrc.json, an unknown rule) on stdout, so the output decides: a SARIF log
 * is a result, anything else fails the check with what oxlint said. Beside it, `oxlint
 * --debug=files <targets>` lists the files it lints (its SARIF names only those with results):
 * the run's coverage. A tree where it finds nothing to lint is a run that checked no file.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckOutput, CheckRequest } from '../check.js';
import type { OxlintOptions } from './index.js';
import { findExecutable } from '../runner/find-executable.js';
import { runCommandCheck, type CommandCheck } from '../runner/command-check.js';
import { describeToolFailure, type ToolResult } from '../runner/run-tool.js';
import { parseOxlintFileList, parseOxlintSarif } from './output.js';
import { readDirectiveSuppressions, type DirectiveDialect } from '../output/directive-suppressions.js';

const oxlint: CommandCheck<OxlintOptions, ToolResult> = {
  name: () => 'oxlint',
  locate: ({ root, options }) => ({
    executable: findExecutable('oxlint', { local: ['node'], roots: [root, options.workTree] }),
    missing: `oxlint is not installed: no node_modules/.bin/oxlint in ${root} or above, and none on PATH`,
  }),
  args: ({ options }) => ['--format=sarif', ...options.targets],
  beside: (run) => run.call(['--debug=files', ...run.options.targets], 'oxlint --debug=files'),
  exitCodes: 'any',
  read: (result, { root }, listing) => {
    // A tree with nothing to lint (a base before the first .js file): oxlint's words, exit 1, no log.
    if (result.exitCode === 1 && /^No files found to lint\b/.test(result.stdout.trim()))
      return { diagnostics: [], checkedPaths: [] };
    const log = parseOxlintSarif(result.stdout, root);
    return {
      version: log.version,
      diagnostics: log.diagnostics,
      failure: log.failures.length === 0 ? undefined : log.failures.join('; '),
      checkedPaths: listing.exitCode === 0 ? parseOxlintFileList(listing.stdout, root) : undefined,
    };
  },
  describeFailure: (result, error) => {
    const printed = result.stdout.trim();
    const said = printed.startsWith('{') ? [] : readPrintedError(printed);
    const reason = said.length > 0 || error === undefined ? '' : `; its stdout is no SARIF 2.1.0 log: ${error.message}`;
    return describeToolFailure('oxlint', { ...result, stderrLines: [...result.stderrLines, ...said] }) + reason;
  },
  readConfig: ({ root }) => ({ configFiles: existsSync(join(root, '.oxlintrc.json')) ? ['.oxlintrc.json'] : [] }),
  // oxlint honours its own directives and ESLint's alike.
  scanSuppressions: (root, paths) => readDirectiveSuppressions('oxlint', oxlintDirectives, root, paths),
};

const oxlintDirectives: DirectiveDialect = {
  vocabulary: {
    names: [
      ...['oxlint', 'eslint'].flatMap((tool) => [
        `${tool}-disable`,
        `${tool}-enable`,
        `${tool}-disable-line`,
        `${tool}-disable-next-line`,
      ]),
    ],
    lineNames: ['oxlint-disable-line', 'oxlint-disable-next-line', 'eslint-disable-line', 'eslint-disable-next-line'],
    reason: /\s-{2,}\s/,
    codes: /,/,
  },
  reach: {
    'oxlint-disable': 'block',
    'eslint-disable': 'block',
    'oxlint-enable': 'end',
    'eslint-enable': 'end',
    'oxlint-disable-line': 'line',
    'eslint-disable-line': 'line',
    'oxlint-disable-next-line': 'next-line',
    'eslint-disable-next-line': 'next-line',
  },
  phase: 'lint',
};

export function runOxlint(request: CheckRequest<OxlintOptions>): Promise<CheckOutput> {
  return runCommandCheck(oxlint, request);
}

/** oxlint's own error on stdout, its report markers (`x`, `|`) left out: `Rule 'no-such-rule' not found…`. */
function readPrintedError(printed: string): string[] {
  return (
    printed
      .split(/\r?\n/)
      // Colour codes, which oxlint prints when its environment forces colour (a test runner's does).
      // eslint-disable-next-line no-control-regex -- the escape character is what is removed
      .map((line) => line.replace(/\u001b\[[0-9;]*m/g, ''))
      .map((line) => line.trim().replace(/^[x×|]\s+/, ''))
      .filter((line) => line !== '')
      .slice(0, 4)
  );
}
