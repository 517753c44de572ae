/**
 * One runner for every check that runs an executable (oxlint, biome, pyright, mypy, ruff, cargo,
 * a SARIF command). An adapter declares what is its own — where its executable is looked for,
 * how its version is asked, its arguments, which exit codes are results, how its output reads
 * and what that output says it covered — and `runCommandCheck` does the rest: the lookup and
 * the missing-tool error, the calls side by side, the failure words, the suppressions in the
 * files it checked, its configuration, and the run's status, decided here for all of them.
 *
 * The status: a run is `failed` when its exit is not a result, its output does not read, the
 * tool says itself it did not finish (SARIF `results: null`, mypy's blocking error) or it
 * checked no file; it is partial (`unchecked`) when the tool names files it skipped; else ok.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import type { CheckOutput, CheckRequest, ImportRecord } from '../check.js';
import { isMissingToolError, makeMissingToolError } from '../check.js';
import type { StrengthScope, UncheckedPart } from '../../core/check-run.js';
import type { Diagnostic } from '../../core/diagnostic.js';
import { dedupeDiagnostics } from '../output/dedupe-diagnostics.js';
import { describeToolFailure, runTool, type ToolResult } from './run-tool.js';

/** Where the executable was found, or what to say when it was not. */
export interface ToolLocation {
  executable: string | null;
  /** The missing-tool message: where it was looked for. */
  missing: string;
}

export interface VersionQuery {
  args: readonly string[];
  /** The version in what `--version` printed, or null. */
  read(stdout: string): string | null;
  /** Asked before the run, whose arguments then depend on it (mypy); else alongside it. */
  before?: boolean;
  /** The run cannot go on without it (mypy picks its output format by it). */
  required?: boolean;
}

/** One run in progress, as the adapter's declarations see it. */
export interface CommandRun<Options> extends CheckRequest<Options> {
  executable: string;
  /** The version when asked before the run; null otherwise. */
  version: string | null;
  /** A private folder outside the tree for files the tool writes (Biome's SARIF report); removed after the run. */
  scratch(): string;
  /** Runs the same executable with other arguments, in the root with the check's environment. */
  call(args: readonly string[], name: string): Promise<ToolResult>;
}

/** What the tool's output says, as the adapter reads it. */
export interface ToolReading {
  diagnostics: Diagnostic[];
  /** The version when the output names it (a SARIF driver, pyright's report). */
  version?: string | null | undefined;
  /** The tool's own word that the run did not finish, one line: the run fails with it. */
  failure?: string | undefined;
  /** The files it checked, repository-relative; undefined when the output cannot tell. */
  checkedPaths?: readonly string[] | undefined;
  /** Files it would have checked but did not, and why: the run is partial. */
  unchecked?: UncheckedPart[] | undefined;
  imports?: ImportRecord | undefined;
  notes?: string[] | undefined;
  /** The configuration, when reading it needs the output (mypy's sections apply to the modules it read). */
  config?: CheckConfig | undefined;
}

/** How strictly the check is configured, where the adapter can read it. */
export interface CheckConfig {
  /** Repository-relative configuration files the run read. */
  configFiles: string[];
  strength?: StrengthScope[] | undefined;
}

export interface CommandCheck<Options, Side = undefined> {
  /** Names the tool in messages: `oxlint`, `cargo check`, a command as configured. */
  name(options: Options): string;
  locate(request: CheckRequest<Options>): ToolLocation;
  /** Variables over the process's own environment. */
  env?(request: CheckRequest<Options>): Record<string, string>;
  version?: VersionQuery;
  /** The arguments of the run; throws when they cannot be made (a manifest that is not there). */
  args(run: CommandRun<Options>): readonly string[];
  maxOutputBytes?(options: Options): number;
  keepStderr?: boolean;
  /** Other calls and culprit's own reading of the tree, done while the tool runs. */
  beside?(run: CommandRun<Options>): Promise<Side>;
  /** The exit codes that are results; `any`: the output decides. */
  exitCodes: readonly number[] | 'any';
  /** Reads a run whose exit is a result; throws, with why, when the output is not the tool's. */
  read(result: ToolResult, run: CommandRun<Options>, side: Side): ToolReading;
  /** One line on a run that gave no result: its exit was not one, or `error` says why its output did not read. */
  describeFailure?(result: ToolResult, error: Error | undefined, run: CommandRun<Options>): string;
  /** The suppression directives in the files the run checked, as findings of kind `suppression`. */
  scanSuppressions?(root: string, paths: readonly string[]): Diagnostic[];
  /** The configuration it ran with; throws, with why, when the configuration does not read. */
  readConfig?(run: CommandRun<Options>): CheckConfig;
}

export async function runCommandCheck<Options, Side>(
  check: CommandCheck<Options, Side>,
  request: CheckRequest<Options>,
): Promise<CheckOutput> {
  const { executable, missing } = check.locate(request);
  if (executable === null) throw makeMissingToolError(missing);
  const name = check.name(request.options);
  const env = check.env === undefined ? process.env : { ...process.env, ...check.env(request) };
  const scratch: { dir: string | null } = { dir: null };
  const run: CommandRun<Options> = {
    ...request,
    executable,
    version: null,
    scratch: () => (scratch.dir ??= mkdtempSync(join(tmpdir(), 'culprit-tool-'))),
    call: (args, callName) => runTool(executable, args, { name: callName, cwd: request.root, env }),
  };
  try {
    const asked = check.version === undefined ? null : askVersion(check.version, name, run);
    // Should the arguments throw before it is awaited, its failure is not left unhandled.
    asked?.catch(() => undefined);
    if (check.version?.before === true) run.version = await asked;
    const running = runTool(executable, check.args(run), {
      name,
      cwd: request.root,
      env,
      maxOutputBytes: check.maxOutputBytes?.(request.options),
      keepStderr: check.keepStderr,
    });
    const beside = check.beside?.(run);
    const [result, side, version] = await Promise.all([running, beside, asked]);
    const reading = readResult(check, result, run, side as Side);
    // Read after the run: when the tool itself rejects its configuration, its words say why.
    const config = reading.config ?? check.readConfig?.(run);
    return decideOutput(name, reading, {
      root: request.root,
      version: reading.version === undefined ? version : (reading.version ?? version),
      config,
      scan: check.scanSuppressions,
    });
  } finally {
    if (scratch.dir !== null) rmSync(scratch.dir, { recursive: true, force: true });
  }
}

async function askVersion<Options>(
  query: VersionQuery,
  name: string,
  run: CommandRun<Options>,
): Promise<string | null> {
  const result = await run.call(query.args, `${name} ${query.args.join(' ')}`);
  const version = query.read(result.stdout);
  if (version === null && query.required === true)
    throw new Error(describeToolFailure(`${name} ${query.args.join(' ')}`, result));
  return version;
}

function readResult<Options, Side>(
  check: CommandCheck<Options, Side>,
  result: ToolResult,
  run: CommandRun<Options>,
  side: Side,
): ToolReading {
  const describe = (error: Error | undefined) =>
    check.describeFailure?.(result, error, run) ??
    error?.message ??
    describeToolFailure(check.name(run.options), result);
  const isResult = check.exitCodes === 'any' || (result.exitCode !== null && check.exitCodes.includes(result.exitCode));
  if (!isResult) throw new Error(describe(undefined));
  try {
    return check.read(result, run, side);
  } catch (error) {
    if (isMissingToolError(error)) throw error;
    throw new Error(describe(error as Error), { cause: error });
  }
}

interface RunFacts {
  root: string;
  version: string | null;
  config: CheckConfig | undefined;
  scan: ((root: string, paths: readonly string[]) => Diagnostic[]) | undefined;
}

/** The run's status, decided once for every command check: thrown as the failure, or the output. */
export function decideOutput(name: string, reading: ToolReading, facts: RunFacts): CheckOutput {
  if (reading.failure !== undefined) throw new Error(reading.failure);
  const checkedPaths = reading.checkedPaths === undefined ? undefined : listInside(reading.checkedPaths);
  if (checkedPaths?.length === 0)
    throw new Error(`${name} checked no file: a run that covers nothing cannot say the code is clean`);
  const suppressions =
    checkedPaths === undefined || facts.scan === undefined ? [] : facts.scan(facts.root, checkedPaths);
  const output: CheckOutput = {
    version: facts.version,
    diagnostics: dedupeDiagnostics([...reading.diagnostics, ...suppressions]),
  };
  if (reading.imports !== undefined) output.imports = reading.imports;
  if (reading.notes !== undefined && reading.notes.length > 0) output.notes = reading.notes;
  if (checkedPaths !== undefined) output.checkedPaths = checkedPaths;
  if (facts.config !== undefined) {
    output.configFiles = facts.config.configFiles;
    if (facts.config.strength !== undefined) output.strength = facts.config.strength;
  }
  if (reading.unchecked !== undefined && reading.unchecked.length > 0) output.unchecked = reading.unchecked;
  return output;
}

/** The repository-relative paths inside the tree, sorted, once each: a file outside it is no coverage of the repository. */
function listInside(paths: readonly string[]): string[] {
  const inside = new Set<string>();
  for (const path of paths) {
    const relative = path.replace(/^\.\//, '');
    if (isAbsolute(relative) || relative === '' || relative === '..' || relative.startsWith('../')) continue;
    inside.add(relative);
  }
  return [...inside].sort();
}
