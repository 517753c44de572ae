/**
 * The `oxlint` check: the repository's oxlint (node_modules/.bin, walking up, then PATH) as
 * `oxlint --format=sarif <targets>`, without fixes; oxlint keeps no cache, so nothing is
 * written into the tree. oxlint exits 1 on findings and on failures alike, and prints its own
 * errors (a broken .oxlintrc.json, an unknown rule) on stdout, so the output decides: a SARIF log
 * is a result, anything else fails the check with what oxlint said. Beside it, `oxlint
 * --debug=files <targets>` lists the files it lints (its SARIF names only those with results):
 * the run's coverage; `oxlint --print-config` gives the configuration it resolved: its strength.
 * A tree where it finds nothing to lint is a run that checked no file.
 *
 * Type-aware rules (type-aware.ts) run as the repository runs them, with its tsgolint; their
 * findings are traced to the declarations they depend on, as typescript-eslint's are: by the tsc
 * check's session when one runs beside it warm, else here by a checker of the repository's own.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '../../core/diagnostic.js';
import type { CheckOutput, CheckRequest } from '../check.js';
import type { OxlintOptions } from './index.js';
import { findExecutable } from '../runner/find-executable.js';
import { runCommandCheck, type CheckConfig, type CommandCheck, type CommandRun } from '../runner/command-check.js';
import { describeToolFailure, type ToolResult } from '../runner/run-tool.js';
import { traceLintFindings } from '../typescript/trace-lint-findings.js';
import { parseOxlintFileList, parseOxlintSarif, parseOxlintStrength, parseTypeAwareRules } from './output.js';
import { readDirectiveSuppressions, type DirectiveDialect } from '../output/directive-suppressions.js';
import { findTsgolint, readTypeAwareMode, type TypeAwareMode } from './type-aware.js';
import { readCachedRules, resolveRulesCacheFile, writeCachedRules } from './rules-cache.js';

/** What is read beside the run: the files it lints, and (type-aware) which rules need types. */
interface OxlintSide {
  /** Undefined when not listed: the run's targets are the files it lints. */
  listing: ToolResult | undefined;
  /** `--print-config`, read with the listing: the strength. */
  config: ToolResult | undefined;
  rules: ToolResult | undefined;
  /** Where the listing of type-aware rules is kept across processes (rules-cache.ts), when it was read now. */
  rulesCache: string | undefined;
}

/** How one run goes: its type-aware mode, the tsgolint it uses, what culprit says about it. */
export interface OxlintPlan {
  mode: TypeAwareMode;
  tsgolint: string | undefined;
  /** oxlint's flags culprit adds (the lint script's), those it can honour. */
  flags: string[];
  notes: string[];
  /** The rules that need type information, as oxlint lists them (`typescript/no-unsafe-call`); read with the run. */
  typeAwareRules: Set<string>;
  /** Whether `typeAwareRules` was read (a warm session's later runs do not ask again). */
  rulesRead: boolean;
}

/** The plan of a run on `root`: reads .oxlintrc.json and package.json; throws when type-aware rules cannot run as configured. */
export function planOxlint(root: string, workTree: string): OxlintPlan {
  const mode = readTypeAwareMode(root);
  const tsgolint = mode.typeAware ? findTsgolint([root, workTree]) : undefined;
  if (!mode.typeAware || tsgolint !== undefined)
    return { mode, tsgolint, flags: mode.flags, notes: [], typeAwareRules: new Set(), rulesRead: false };
  const missing = `oxlint-tsgolint is not installed in ${workTree} (oxlint runs its type-aware rules with it)`;
  // oxlint itself refuses to run a configuration that asks for them: so does the check, saying why.
  if (mode.configured)
    throw new Error(`oxlint's type-aware rules, which ${mode.source!} turns on, cannot run: ${missing}`);
  return {
    mode: { ...mode, typeAware: false, typeCheck: false },
    tsgolint,
    flags: [],
    notes: [`oxlint ran without its type-aware rules, which ${mode.source!} asks for: ${missing}`],
    typeAwareRules: new Set(),
    rulesRead: false,
  };
}

/**
 * What a run reads beside the lint: the file listing (its coverage; a warm re-lint of files the
 * last listing named takes that listing) and the resolved configuration (its strength; a warm
 * session's configuration is its first run's, as its worker restarts when a config file
 * changes), and the type-aware rules (read once per plan).
 */
export interface OxlintReads {
  listFiles: boolean;
  readStrength: boolean;
}

export function makeOxlintCommand(
  plan: OxlintPlan,
  reads: OxlintReads = { listFiles: true, readStrength: true },
): CommandCheck<OxlintOptions, OxlintSide> {
  return {
    name: () => 'oxlint',
    locate: ({ root, options }) => ({
      executable: findOxlint(root, options.workTree),
      missing: `oxlint is not installed: no node_modules/.bin/oxlint in ${root} or above, and none on PATH`,
    }),
    env: (): Record<string, string> => (plan.tsgolint === undefined ? {} : { OXLINT_TSGOLINT_PATH: plan.tsgolint }),
    args: ({ options }) => ['--format=sarif', ...plan.flags, ...options.targets],
    beside: async (run) => {
      const rulesCache =
        plan.mode.typeAware && !plan.rulesRead ? resolveRulesCacheFile(run.executable, run.root) : undefined;
      readCachedTypeAwareRules(plan, rulesCache);
      const [listing, config, rules] = await Promise.all([
        reads.listFiles ? run.call(['--debug=files', ...run.options.targets], 'oxlint --debug=files') : undefined,
        reads.readStrength ? run.call(['--print-config', ...plan.flags], 'oxlint --print-config') : undefined,
        plan.mode.typeAware && !plan.rulesRead ? run.call(['--rules', '--format=json'], 'oxlint --rules') : undefined,
      ]);
      return { listing, config, rules, rulesCache };
    },
    exitCodes: 'any',
    read: (result, run, { listing, config, rules, rulesCache }) => {
      const { root } = run;
      // A tree with nothing to lint (a base before the first .js file): oxlint's words, exit 1, no log.
      if (result.exitCode === 1 && /^No files found to lint\b/.test(result.stdout.trim()))
        return { diagnostics: [], checkedPaths: [] };
      const log = parseOxlintSarif(result.stdout, root);
      if (rules?.exitCode === 0) {
        const listed = parseTypeAwareRules(rules.stdout);
        takeTypeAwareRules(plan, listed);
        if (rulesCache !== undefined) writeCachedRules(rulesCache, listed);
      }
      return {
        version: log.version,
        diagnostics: log.diagnostics,
        failure: log.failures.length === 0 ? undefined : log.failures.join('; '),
        checkedPaths: readCheckedPaths(listing, run),
        notes: plan.notes,
        config: readOxlintConfig(root, config),
      };
    },
    describeFailure: (result, error) => {
      const printed = result.stdout.trim();
      const said = printed.startsWith('{') ? [] : readPrintedError(printed);
      const reason =
        said.length > 0 || error === undefined ? '' : `; its stdout is no SARIF 2.1.0 log: ${error.message}`;
      return describeToolFailure('oxlint', { ...result, stderrLines: [...result.stderrLines, ...said] }) + reason;
    },
    readConfig: ({ root }) => ({ configFiles: listConfigFiles(root) }),
    // oxlint honours its own directives and ESLint's alike.
    scanSuppressions: (root, paths) => readDirectiveSuppressions('oxlint', oxlintDirectives, root, paths),
  };
}

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

function listConfigFiles(root: string): string[] {
  return existsSync(join(root, '.oxlintrc.json')) ? ['.oxlintrc.json'] : [];
}

/** The config files, and the strength where `--print-config` gave the resolved configuration (an older oxlint has no such flag). */
function readOxlintConfig(root: string, config: ToolResult | undefined): CheckConfig | undefined {
  const settings = config?.exitCode === 0 ? parseOxlintStrength(config.stdout) : undefined;
  if (settings === undefined) return undefined;
  const configFiles = listConfigFiles(root);
  return { configFiles, strength: [{ source: configFiles[0] ?? null, settings }] };
}

function findOxlint(root: string, workTree: string): string | null {
  return findExecutable('oxlint', { local: ['node'], roots: [root, workTree] });
}

/**
 * The type-aware rules before any run, where the listing kept across processes has them
 * (rules-cache.ts): a warm session started from a baseline's run tells its type-aware findings
 * by them, so that one a re-lint finds again keeps what it was traced to instead of being traced
 * again (which opens TypeScript 7's API). Without them it learns them with its first run.
 */
export function readKnownTypeAwareRules(plan: OxlintPlan, root: string, workTree: string): void {
  if (!plan.mode.typeAware || plan.rulesRead) return;
  const executable = findOxlint(root, workTree);
  readCachedTypeAwareRules(plan, executable === null ? undefined : resolveRulesCacheFile(executable, root));
}

function readCachedTypeAwareRules(plan: OxlintPlan, rulesCache: string | undefined): void {
  const cached = rulesCache === undefined ? undefined : readCachedRules(rulesCache);
  if (cached !== undefined) takeTypeAwareRules(plan, cached);
}

function takeTypeAwareRules(plan: OxlintPlan, rules: ReadonlySet<string>): void {
  for (const rule of rules) plan.typeAwareRules.add(rule);
  plan.rulesRead = true;
}

/** The findings of type-aware rules among a run's, by absolute file. */
export function groupTypeAwareFindings(
  root: string,
  plan: OxlintPlan,
  diagnostics: readonly Diagnostic[],
): Map<string, Diagnostic[]> {
  const byFile = new Map<string, Diagnostic[]>();
  for (const diagnostic of diagnostics) {
    if (!plan.typeAwareRules.has(diagnostic.code) || diagnostic.path === null) continue;
    const fileName = join(root, diagnostic.path);
    byFile.set(fileName, [...(byFile.get(fileName) ?? []), diagnostic]);
  }
  return byFile;
}

export async function runOxlint(request: CheckRequest<OxlintOptions>): Promise<CheckOutput> {
  const plan = planOxlint(request.root, request.options.workTree);
  const output = await runCommandCheck(makeOxlintCommand(plan), request);
  return traceTypeAwareFindings(request, plan, output, output.diagnostics);
}

/**
 * `output` with `findings` (type-aware ones among them) traced to the declarations they depend
 * on, and notes on what could not be. A base copy's findings are the baseline's: only the checked
 * tree's are matched against causes.
 */
export async function traceTypeAwareFindings(
  request: CheckRequest<OxlintOptions>,
  plan: OxlintPlan,
  output: CheckOutput,
  findings: readonly Diagnostic[],
): Promise<CheckOutput> {
  if (!plan.mode.typeAware || request.root !== request.options.workTree) return output;
  const notes = await traceLintFindings(request.root, groupTypeAwareFindings(request.root, plan, findings));
  return notes.length === 0 ? output : { ...output, notes: [...(output.notes ?? []), ...notes] };
}

/** The listing's files; without one, the targets themselves (files a listing named before). */
function readCheckedPaths(listing: ToolResult | undefined, run: CommandRun<OxlintOptions>): string[] | undefined {
  if (listing === undefined) return run.options.targets;
  return listing.exitCode === 0 ? parseOxlintFileList(listing.stdout, run.root) : undefined;
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
