/**
 * The `oxlint` check: the repository's oxlint (node_modules/.bin, walking up, then PATH) as
 * `oxlint --format=sarif <targets>`, without fixes; oxlint keeps no cache, so nothing is
 * written into the tree. oxlint exits 1 on findings and on failures alike, and prints its own
 * errors (a broken .oxlintrc.json, an unknown rule) on stdout, so the output decides: a SARIF log
 * is a result, anything else fails the check with what oxlint said.
 */
import type { CheckOutput, CheckRequest } from '../check.js';
import type { OxlintOptions } from './index.js';
import { makeMissingToolError } from '../check.js';
import { dedupeDiagnostics } from '../output/dedupe-diagnostics.js';
import { findExecutable } from '../runner/find-executable.js';
import { describeToolFailure, runTool } from '../runner/run-tool.js';
import { parseOxlintSarif, parseOxlintVersion } from './output.js';

export async function runOxlint({ root, options }: CheckRequest<OxlintOptions>): Promise<CheckOutput> {
  const executable = findExecutable('oxlint', { local: ['node'], roots: [root, options.workTree] });
  if (executable === null)
    throw makeMissingToolError(
      `oxlint is not installed: no node_modules/.bin/oxlint in ${root} or above, and none on PATH`,
    );
  const result = await runTool(executable, ['--format=sarif', ...options.targets], { name: 'oxlint', cwd: root });
  const printed = result.stdout.trim();
  // A tree with nothing to lint (a base before the first .js file): oxlint's words, exit 1, no log.
  if (result.exitCode === 1 && /^No files found to lint\b/.test(printed)) {
    const version = await runTool(executable, ['--version'], { name: 'oxlint --version', cwd: root });
    return { version: parseOxlintVersion(version.stdout), diagnostics: [] };
  }
  let findings;
  try {
    findings = parseOxlintSarif(result.stdout, root);
  } catch (error) {
    const said = printed.startsWith('{') ? [] : readPrintedError(printed);
    const reason = said.length > 0 ? '' : `; its stdout is no SARIF 2.1.0 log: ${(error as Error).message}`;
    const failure = describeToolFailure('oxlint', { ...result, stderrLines: [...result.stderrLines, ...said] });
    throw new Error(failure + reason, { cause: error });
  }
  return { version: findings.version, diagnostics: dedupeDiagnostics(findings.diagnostics) };
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
