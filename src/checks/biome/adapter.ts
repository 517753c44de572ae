/**
 * The `biome` check: the repository's Biome (node_modules/.bin, walking up, then PATH) as
 * `biome lint --reporter=sarif --max-diagnostics=none <targets>`, without fixes and without
 * colours. Biome keeps no cache in the tree, so nothing is written there. Biome exits 1 on error
 * findings and on failures alike (a biome.json it cannot read), so the output decides: a SARIF
 * log is a result, anything else fails the check with what Biome said on stderr. The same run
 * writes its summary reporter, with `--verbose`'s list of the files it processed, to a file
 * outside the tree: the run's coverage (Biome's SARIF names only the files with results). Its
 * strength is read from the config file (strength.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CheckOutput, CheckRequest } from '../check.js';
import type { BiomeOptions } from './index.js';
import { makeRepoPath, makeRootStripper } from '../output/repo-path.js';
import { findExecutable } from '../runner/find-executable.js';
import { runCommandCheck, type CommandCheck } from '../runner/command-check.js';
import { describeToolFailure } from '../runner/run-tool.js';
import { parseBiomeProcessedFiles, parseBiomeSarif, parseBiomeVersion, readBiomeFailure } from './output.js';
import { readDirectiveSuppressions, type DirectiveDialect } from '../output/directive-suppressions.js';
import { readBiomeStrength } from './strength.js';

const summaryName = 'biome-summary.txt';

const biome: CommandCheck<BiomeOptions> = {
  name: () => 'biome',
  locate: ({ root, options }) => ({
    executable: findExecutable('biome', { local: ['node'], roots: [root, options.workTree] }),
    missing: `biome is not installed: no node_modules/.bin/biome in ${root} or above, and none on PATH`,
  }),
  version: { args: ['--version'], read: parseBiomeVersion },
  args: (run) => [
    'lint',
    '--reporter=sarif',
    '--max-diagnostics=none',
    '--colors=off',
    '--verbose',
    '--reporter=summary',
    `--reporter-file=${join(run.scratch(), summaryName)}`,
    ...run.options.targets,
  ],
  exitCodes: 'any',
  read: (result, run) => {
    const log = parseBiomeSarif(result.stdout, run.root);
    return {
      diagnostics: log.diagnostics,
      failure: log.failures.length === 0 ? undefined : log.failures.join('; '),
      checkedPaths: readProcessedFiles(join(run.scratch(), summaryName), run.root),
    };
  },
  describeFailure: (result, error, { root }) => {
    const said = readBiomeFailure(result.stderrLines, makeRootStripper(root));
    const reason =
      result.stdout.trim() === '' || error === undefined ? '' : `; its stdout is no SARIF 2.1.0 log: ${error.message}`;
    return describeToolFailure('biome', { ...result, stderrLines: said }) + reason;
  },
  readConfig: ({ root }) => {
    const configFiles = ['biome.json', 'biome.jsonc'].filter((name) => existsSync(join(root, name)));
    const [source] = configFiles;
    if (source === undefined) return { configFiles };
    const settings = readBiomeStrength(readFileSync(join(root, source), 'utf8'));
    return { configFiles, strength: settings === undefined ? undefined : [{ source, settings }] };
  },
  scanSuppressions: (root, paths) => readDirectiveSuppressions('biome', biomeDirectives, root, paths),
};

export function runBiome(request: CheckRequest<BiomeOptions>): Promise<CheckOutput> {
  return runCommandCheck(biome, request);
}

function readProcessedFiles(summary: string, root: string): string[] | undefined {
  if (!existsSync(summary)) return undefined;
  const files = parseBiomeProcessedFiles(readFileSync(summary, 'utf8'));
  const toRepoPath = makeRepoPath(root);
  return files?.map((file) => toRepoPath(resolve(root, file)));
}

/**
 * Biome's suppression comments: `biome-ignore <rules>: <reason>` for the code after it (the next
 * line), `biome-ignore-all` for the file, `biome-ignore-start` to `biome-ignore-end`.
 */
const biomeDirectives: DirectiveDialect = {
  vocabulary: {
    names: ['biome-ignore', 'biome-ignore-all', 'biome-ignore-start', 'biome-ignore-end'],
    reason: /:\s/,
    codes: /\s+/,
  },
  reach: {
    'biome-ignore': 'next-line',
    'biome-ignore-all': 'file',
    'biome-ignore-start': 'block',
    'biome-ignore-end': 'end',
  },
  phase: 'lint',
};
