/**
 * The `biome` check: the repository's Biome (node_modules/.bin, walking up, then PATH) as
 * `biome lint --reporter=sarif --max-diagnostics=none <targets>`, without fixes and without
 * colours. Biome keeps no cache in the tree, so nothing is written there. Biome exits 1 on error
 * findings and on failures alike (a biome.json it cannot read), so the output decides: a SARIF
 * log is a result, anything else fails the check with what Biome said on stderr.
 */
import type { CheckOutput, CheckRequest } from '../check.js';
import type { BiomeOptions } from './index.js';
import { makeMissingToolError } from '../check.js';
import { dedupeDiagnostics } from '../output/dedupe-diagnostics.js';
import { makeRootStripper } from '../output/repo-path.js';
import { findExecutable } from '../runner/find-executable.js';
import { describeToolFailure, runTool } from '../runner/run-tool.js';
import { parseBiomeSarif, parseBiomeVersion, readBiomeFailure } from './output.js';

export async function runBiome({ root, options }: CheckRequest<BiomeOptions>): Promise<CheckOutput> {
  const executable = findExecutable('biome', { local: ['node'], roots: [root, options.workTree] });
  if (executable === null)
    throw makeMissingToolError(
      `biome is not installed: no node_modules/.bin/biome in ${root} or above, and none on PATH`,
    );
  const versionRun = runTool(executable, ['--version'], { name: 'biome --version', cwd: root });
  const lintRun = runTool(
    executable,
    ['lint', '--reporter=sarif', '--max-diagnostics=none', '--colors=off', ...options.targets],
    { name: 'biome', cwd: root },
  );
  const [version, result] = await Promise.all([versionRun, lintRun]);
  let findings;
  try {
    findings = parseBiomeSarif(result.stdout, root);
  } catch (error) {
    const said = readBiomeFailure(result.stderrLines, makeRootStripper(root));
    const reason = result.stdout.trim() === '' ? '' : `; its stdout is no SARIF 2.1.0 log: ${(error as Error).message}`;
    throw new Error(describeToolFailure('biome', { ...result, stderrLines: said }) + reason, { cause: error });
  }
  return { version: parseBiomeVersion(version.stdout), diagnostics: dedupeDiagnostics(findings.diagnostics) };
}
