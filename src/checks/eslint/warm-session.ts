/**
 * The `eslint` check kept warm between attempts: ESLint, its config and plugins stay loaded, each
 * file's lint result is kept, and a run re-lints only the files whose result can have changed:
 *
 * - files that changed (the caller's hint, plus the stat of every linted file), and new files
 *   the patterns and config take in (named by the hint, or found in the folders of linted files:
 *   git does not name a new file it ignores);
 * - for type-aware files, the files the warm TypeScript session of this worker checked again:
 *   the changed files and the importers of every module whose exports now show different types,
 *   through barrels too (lint-reach.ts). Those files are parsed from that session's program
 *   (typescript-eslint's `programs` option, replacing only `project`/`projectService` for files
 *   the user's own setting would give the same tsconfig), so their types are never stale and no
 *   second program is built;
 * - type-aware files that program does not cover (another tsconfig, no tsc check, a TypeScript
 *   typescript-eslint does not share) are linted again on every run with typescript-eslint's
 *   caches cleared, because nothing tells which of them a change reaches;
 * - with rules that read other files (eslint-plugin-import, n, ...), every file on every run: a
 *   new import can put a file that did not change into a cycle.
 *
 * Deleted files are dropped. A change to the config or any local file it imports makes the
 * session stale, and the worker restarts cold.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { ESLint as EslintInstance, Linter } from 'eslint';
import picomatch from 'picomatch';
import type ts from 'typescript';
import type { Diagnostic } from '../../core/diagnostic.js';
import type { CheckOutput, CheckRequest } from '../check.js';
import type { TypedPrograms, WarmSeed, WarmShared } from '../check-definition.js';
import { logDebug } from '../../debug/log-debug.js';
import { findIgnoredFile } from '../warm-seed.js';
import type { EslintOptions } from './index.js';
import { isInside } from '../../core/is-inside.js';
import {
  describeLintedFiles,
  lint,
  loadConfig,
  loadEslint,
  makeEslint,
  makeResultReader,
  readFileConfigs,
  type LoadedEslint,
} from './adapter.js';
import { makeConfigReader, type ConfigReader, type FileConfig } from './strength.js';
import { makeProgramCapture, traceLintResults, type ProgramCapture } from './trace-findings.js';
import { loadTypescriptEstree, type TypescriptEstree } from './typescript-estree.js';
import { readLocalImports } from './config-imports.js';
import { isFile, makeFileStates, type FileStates } from '../../tree/file-states.js';
import { makeFolderListings, type FolderListings } from '../../tree/folder-listings.js';
import { makeStaleSessionError } from '../stale-session.js';

export interface EslintSession {
  /** Lints the tree as it is now. `hint`: absolute paths the caller knows changed; null when unknown. */
  run(hint: readonly string[] | null, typed: TypedPrograms, seed?: WarmSeed): Promise<CheckOutput>;
}

/**
 * How a linted file gets its types. `untyped`: it does not. `tsconfigs`: the tsconfig files the
 * user's setting points it to, in the order typescript-eslint tries them. `foreign`: types from
 * somewhere culprit cannot follow.
 */
type TypeSource =
  { kind: 'untyped' } | { kind: 'tsconfigs'; configPaths: string[]; nearest: boolean } | { kind: 'foreign' };

/** Plugins whose rules read other files than the one linted, so one file's change can change another's result. */
const crossFileRulePrefixes = ['import/', 'import-x/', 'n/', 'node/', 'boundaries/', '@nx/', 'workspaces/'];

/** One flat-config session's state between runs: ESLint as loaded, and each linted file's result and config. */
interface EslintSessionState {
  readonly root: string;
  readonly options: EslintOptions;
  readonly loaded: LoadedEslint;
  /** The user's config alone: what each file is configured with, and whether a new file is linted. */
  readonly probe: EslintInstance;
  readonly configFiles: FileStates;
  /** Each linted file's resolved config, read once: the worker restarts when the configuration changes. */
  readonly fileConfigs: Map<string, FileConfig>;
  readonly readConfig: ConfigReader;
  readonly readResult: (result: EslintInstance.LintResult) => Diagnostic[];
  readonly estree: TypescriptEstree | undefined;
  readonly results: Map<string, Diagnostic[]>;
  readonly sources: Map<string, TypeSource>;
  readonly linted: FileStates;
  readonly folders: FolderListings;
  readonly isUnderPatterns: (file: string) => boolean;
  /** Whether a linted file's config has rules that read other files. */
  crossFile: boolean;
  /** The last run's description of the linted files, and which files it describes (see describeKept). */
  described: { files: ReadonlySet<string>; value: ReturnType<typeof describeLintedFiles> } | undefined;
  /** The last run's output, until a result changes: a run that lints nothing again returns it as it is. */
  output: CheckOutput | undefined;
  /** The instance later runs lint again through, while the typed programs keep their places (keepRelinter). */
  relinter: Relinter | undefined;
}

/**
 * The ESLint instance a session lints files again through, kept between runs: a new instance
 * computes each file's config again (some 5 ms of a one-file relint on the bench). The warm
 * programs are new each run, so each override names a program's place among the typed sessions
 * and passes typescript-eslint an array the run fills with the program at that place now; the
 * override takes in the files whose program was at its place when the instance first linted
 * them (ESLint keeps a file's config). A file whose program is at another place now (a project
 * began or stopped listing it), or programs at other places, need a new instance.
 */
interface Relinter {
  eslint: EslintInstance;
  capture: ProgramCapture;
  /** The places: each typed session's tsconfig paths, in order. */
  places: string;
  /** By place (`session:program`): the array its override passes as `programs`, filled only while linting. */
  programs: Map<string, ts.Program[]>;
  /** Each file linted through it, with its program's place (undefined: none, typed by the user's own setting). */
  placeOf: Map<string, string | undefined>;
}

export async function openEslintSession(
  request: CheckRequest<EslintOptions>,
  shared?: WarmShared,
): Promise<EslintSession> {
  const { root, options } = request;
  const loaded = await loadEslint(root, options);
  if (loaded.format === 'eslintrc') return openEslintrcSession(request, loaded);
  const probe = makeEslint(loaded, options);
  await loadConfig(probe, loaded, root);
  const configFiles = makeFileStates({ compareContent: true });
  for (const file of loaded.configFile === undefined ? [] : readLocalImports(loaded.configFile))
    configFiles.record(file);
  const fileConfigs = new Map<string, FileConfig>();
  const state: EslintSessionState = {
    root,
    options,
    loaded,
    probe,
    configFiles,
    fileConfigs,
    readConfig: makeConfigReader(probe, loaded),
    readResult: makeResultReader(root, fileConfigs),
    estree: loadTypescriptEstree(loaded.cwd),
    results: new Map(),
    sources: new Map(),
    // ESLint reads a changed file after it is reported: its content then decides the next look
    // (file-states.ts), so one rewritten with the same text, or only racily clean, is not linted again.
    linted: makeFileStates({ stats: shared?.stats, hashChanged: true }),
    folders: makeFolderListings(root),
    isUnderPatterns: makePatternMatcher(loaded.cwd, options.patterns),
    crossFile: false,
    described: undefined,
    output: undefined,
    relinter: undefined,
  };
  return { run: (hint, typed, seed) => runEslintSession(state, hint, typed, seed) };
}

async function readFileConfig(state: EslintSessionState, file: string): Promise<void> {
  if (!state.fileConfigs.has(file)) {
    const config = await state.readConfig(file);
    if (config !== undefined) state.fileConfigs.set(file, config);
  }
}

async function readTypeSource(state: EslintSessionState, file: string): Promise<TypeSource | undefined> {
  let source = state.sources.get(file);
  if (source === undefined) {
    const config = (await state.probe.calculateConfigForFile(file)) as Linter.Config | undefined;
    if (config === undefined) return undefined;
    if (hasCrossFileRules(config)) state.crossFile = true;
    source = describeTypeSource(
      state.root,
      state.loaded.cwd,
      file,
      config.languageOptions?.parserOptions as ParserOptions | undefined,
    );
    state.sources.set(file, source);
  }
  return source;
}

/** The warm program a type-aware file is linted with, when the user's setting would pick the same tsconfig. */
function findProgram(
  state: EslintSessionState,
  file: string,
  source: TypeSource | undefined,
  typed: TypedPrograms,
): ts.Program | undefined {
  const place = findPlace(state, file, source, typed);
  return place === undefined ? undefined : readPlace(typed, place);
}

/** Where that program is among the typed sessions: `session:program`. */
function findPlace(
  state: EslintSessionState,
  file: string,
  source: TypeSource | undefined,
  typed: TypedPrograms,
): string | undefined {
  const { estree } = state;
  if (
    source?.kind !== 'tsconfigs' ||
    estree?.typescriptPath === undefined ||
    estree.typescriptPath !== typed.typescriptPath
  )
    return undefined;
  for (const configPath of source.configPaths) {
    for (const [at, session] of typed.sessions.entries()) {
      const programs = session.programs;
      const index = programs.findIndex((program) => program.configPath === configPath);
      if (index === -1) continue;
      if (programs[index]!.program.getSourceFile(file) !== undefined) return `${at}:${index}`;
      // The project service opens the project that lists the file when the nearest tsconfig is a solution.
      const owner = session.ownerOf(file);
      if (source.nearest && owner !== undefined) return `${at}:${owner}`;
    }
    // typescript-eslint tries the next listed project only when this one does not include the file.
    if (!typed.sessions.some((session) => session.programs.some((program) => program.configPath === configPath)))
      return undefined;
  }
  return undefined;
}

function readPlace(typed: TypedPrograms, place: string): ts.Program | undefined {
  const [session, program] = place.split(':').map(Number);
  return typed.sessions[session!]?.programs[program!]?.program;
}

async function makeOverride(
  state: EslintSessionState,
  files: Iterable<string>,
  typed: TypedPrograms,
): Promise<Linter.Config[]> {
  const programOf = new Map<string, ts.Program>();
  for (const file of files) {
    const program = findProgram(state, file, await readTypeSource(state, file), typed);
    if (program !== undefined) programOf.set(file, program);
  }
  return [...new Set(programOf.values())].map((program) =>
    overridePrograms((file) => programOf.get(file) === program, [program]),
  );
}

/** A config that has typescript-eslint take `programs` (no project service) for the files `matches` takes in. */
function overridePrograms(matches: (file: string) => boolean, programs: ts.Program[]): Linter.Config {
  // A function matcher (allowed by ESLint's config arrays, absent from its types): only these files.
  return {
    files: [matches as unknown as string],
    languageOptions: { parserOptions: { projectService: false, project: null, programs } },
  };
}

async function storeResults(
  state: EslintSessionState,
  eslint: EslintInstance,
  capture: ProgramCapture,
  lintResults: readonly EslintInstance.LintResult[],
): Promise<void> {
  for (const result of lintResults) await readFileConfig(state, result.filePath);
  const traced = traceLintResults(state.root, eslint, capture, lintResults, state.readResult);
  state.output = undefined;
  for (const result of lintResults) {
    state.results.set(result.filePath, traced.get(result.filePath) ?? []);
    // A file known already was recorded (with its content) when it was found changed, before this lint.
    if (!state.linted.has(result.filePath)) {
      state.linted.record(result.filePath);
      state.folders.watchFileFolder(result.filePath);
    }
  }
}

async function relintFiles(
  state: EslintSessionState,
  relint: ReadonlySet<string>,
  typed: TypedPrograms,
): Promise<void> {
  if (relint.size === 0) return;
  const { loaded, root } = state;
  const placeOf = new Map<string, string | undefined>();
  for (const file of relint) placeOf.set(file, findPlace(state, file, await readTypeSource(state, file), typed));
  const { eslint, capture, programs } = keepRelinter(state, typed, placeOf);
  for (const [place, holder] of programs) {
    const program = readPlace(typed, place);
    if (program !== undefined) holder.splice(0, holder.length, program);
  }
  try {
    const relinted = await lint(eslint, [...relint], loaded, root);
    state.output = undefined;
    for (const file of relint) state.results.delete(file);
    await storeResults(state, eslint, capture, relinted);
  } catch (error) {
    // An instance that failed is not trusted with the next run.
    state.relinter = undefined;
    throw error;
  } finally {
    // Held until the next lint, they would keep this run's programs alive beside the next run's.
    for (const holder of programs.values()) holder.length = 0;
    capture.forget();
  }
}

/** The session's kept relinter, or a new one when a file's program is at another place than it was (Relinter). */
function keepRelinter(
  state: EslintSessionState,
  typed: TypedPrograms,
  placeOf: ReadonlyMap<string, string | undefined>,
): Relinter {
  const places = typed.sessions
    .map((session) => session.programs.map(({ configPath }) => configPath).join('\0'))
    .join('\n');
  const kept = state.relinter;
  const moved = (relinter: Relinter) =>
    [...placeOf].some(([file, place]) => relinter.placeOf.has(file) && relinter.placeOf.get(file) !== place);
  const relinter = kept?.places === places && !moved(kept) ? kept : makeRelinter(state, typed, places);
  state.relinter = relinter;
  for (const [file, place] of placeOf) relinter.placeOf.set(file, place);
  return relinter;
}

function makeRelinter(state: EslintSessionState, typed: TypedPrograms, places: string): Relinter {
  const programs = new Map<string, ts.Program[]>();
  typed.sessions.forEach((session, at) => session.programs.forEach((_, index) => programs.set(`${at}:${index}`, [])));
  const placeOf = new Map<string, string | undefined>();
  const capture = makeProgramCapture();
  const overrides = [...programs].map(([place, holder]) =>
    overridePrograms((file) => placeOf.get(file) === place, holder),
  );
  const eslint = makeEslint(state.loaded, state.options, [...overrides, capture.config]);
  logDebug(`eslint: a new instance to lint files again through (${programs.size} program places)`);
  return { eslint, capture, places, programs, placeOf };
}

/**
 * A first run from a baseline (a cold check): lints again only the files the edit can reach,
 * as a warm run after the same edit would, and takes the baseline's results for the rest. False
 * when the baseline cannot tell them (no list of linted files, another ESLint, a finding on a
 * file it did not lint, rules that read other files): the run then lints everything.
 */
async function runFromSeed(state: EslintSessionState, seed: WarmSeed, typed: TypedPrograms): Promise<boolean> {
  const { root } = state;
  const { base, baseTexts } = seed;
  if (base.checkedPaths === undefined || base.version !== state.loaded.ESLint.version) return false;
  const byFile = new Map<string, Diagnostic[]>(base.checkedPaths.map((path) => [join(root, path), []]));
  if (findIgnoredFile(seed, byFile.keys()) !== undefined) return false;
  for (const diagnostic of base.diagnostics) {
    const list = diagnostic.path === null ? undefined : byFile.get(join(root, diagnostic.path));
    if (list === undefined) return false;
    list.push(diagnostic);
  }
  for (const file of byFile.keys()) if ((await readTypeSource(state, file)) === undefined) return false;
  if (state.crossFile) return false;
  const relint = new Set<string>();
  for (const [file, diagnostics] of byFile) {
    const source = state.sources.get(file)!;
    const reached =
      baseTexts[file] !== undefined ||
      (source.kind !== 'untyped' &&
        (findProgram(state, file, source, typed) === undefined ||
          typed.affected === 'all' ||
          typed.affected.has(file)));
    if (reached) relint.add(file);
    else {
      state.output = undefined;
      state.results.set(file, diagnostics);
      state.linted.record(file);
      state.folders.watchFileFolder(file);
    }
  }
  await relintFiles(state, relint, typed);
  logDebug(`eslint: linted ${relint.size} of ${byFile.size} file(s) again from the baseline`);
  return true;
}

async function readOutput(state: EslintSessionState): Promise<CheckOutput> {
  const { results, loaded } = state;
  if (state.output !== undefined) return state.output;
  for (const file of results.keys()) if (!state.fileConfigs.has(file)) await readFileConfig(state, file);
  state.output = {
    version: loaded.ESLint.version,
    diagnostics: [...results.values()].flat(),
    checkedFiles: results.size,
    ...describeKept(state),
    notes: loaded.notes.length === 0 ? undefined : loaded.notes,
  };
  return state.output;
}

/**
 * The linted files' paths, config files and strength, made again only when the set of linted
 * files changed: a file's config is read once per session (a config change restarts it), so the
 * same files are described the same, and the same objects let the worker's reply leave them out
 * (warm/reply-delta.ts).
 */
function describeKept(state: EslintSessionState): ReturnType<typeof describeLintedFiles> {
  const { results, described } = state;
  if (described?.files.size === results.size && [...described.files].every((file) => results.has(file)))
    return described.value;
  const configs = new Map<string, FileConfig>();
  for (const file of results.keys()) {
    const config = state.fileConfigs.get(file);
    if (config !== undefined) configs.set(file, config);
  }
  const value = describeLintedFiles(state.root, state.loaded, results.keys(), configs);
  state.described = { files: new Set(results.keys()), value };
  return value;
}

async function runEslintSession(
  state: EslintSessionState,
  hint: readonly string[] | null,
  typed: TypedPrograms,
  seed: WarmSeed | undefined,
): Promise<CheckOutput> {
  const first = state.results.size === 0 && state.linted.size === 0;
  if (first && seed !== undefined && (await runFromSeed(state, seed, typed))) return readOutput(state);
  if (first) await lintAll(state, typed);
  else {
    const relint = await findRelint(state, hint, typed);
    if (relint.size > 0) logDebug(`warm: eslint linted ${relint.size} file(s) again`);
    await relintFiles(state, relint, typed);
  }
  return readOutput(state);
}

/** The first run without a seed: every file the patterns take in. */
async function lintAll(state: EslintSessionState, typed: TypedPrograms): Promise<void> {
  const { loaded, options, root } = state;
  // Every file the programs hold could be linted; which are is known only after the run.
  const candidates = typed.sessions.flatMap((session) =>
    session.programs.flatMap(({ program }) => listOwnFiles(loaded.cwd, program)),
  );
  const capture = makeProgramCapture();
  const eslint = makeEslint(loaded, options, [...(await makeOverride(state, candidates, typed)), capture.config]);
  await storeResults(state, eslint, capture, await lint(eslint, options.patterns, loaded, root));
  for (const file of state.results.keys()) await readTypeSource(state, file);
}

/** The files a later run lints again; deleted files are dropped on the way. */
async function findRelint(
  state: EslintSessionState,
  hint: readonly string[] | null,
  typed: TypedPrograms,
): Promise<Set<string>> {
  const { results, linted } = state;
  const stale = state.configFiles.takeChanged();
  if (stale.length > 0) throw makeStaleSessionError(`${relative(state.root, stale[0]!)} changed`);
  const candidates = new Set([...(hint ?? []), ...linted.takeChanged(), ...state.folders.takeAdded()]);
  const relint = new Set<string>();
  for (const file of candidates) {
    if (!isFile(file)) {
      state.output = undefined;
      results.delete(file);
      state.fileConfigs.delete(file);
      linted.forget(file);
      continue;
    }
    if (results.has(file) || (state.isUnderPatterns(file) && (await readTypeSource(state, file)) !== undefined))
      relint.add(file);
  }
  const anythingChanged = hint === null || candidates.size > 0 || typed.affected === 'all' || typed.affected.size > 0;
  // Nothing changed (a served check confirming the run that followed its edit): no file below
  // could be linted again, and asking each for its program was ~2-4 ms of that check.
  if (!anythingChanged) return relint;
  let foreignTypes = false;
  for (const file of results.keys()) {
    const source = state.sources.get(file);
    if (state.crossFile) relint.add(file);
    else if (source?.kind === 'untyped' || source === undefined) continue;
    else if (findProgram(state, file, source, typed) === undefined) {
      // A file its project does not include gets no types at all, only that parse error.
      if (isOutsideProject(results.get(file))) continue;
      relint.add(file);
      foreignTypes = true;
    } else if (typed.affected === 'all' || typed.affected.has(file)) relint.add(file);
  }
  // typescript-eslint keeps programs (or a project service) per process and never sees
  // other files change; types that do not come from the warm program are built afresh.
  if (relint.size > 0 && foreignTypes) state.estree?.clearCaches();
  return relint;
}

/**
 * An eslintrc keeps ESLint and its plugins loaded but re-lints every file on every run: its
 * config cannot take the warm programs by file (eslintrc `files` are globs), so typescript-eslint's
 * caches are cleared first and each run builds its types afresh, as a cold run would.
 */
function openEslintrcSession({ root, options }: CheckRequest<EslintOptions>, loaded: LoadedEslint): EslintSession {
  const estree = loadTypescriptEstree(loaded.cwd);
  return {
    async run() {
      estree?.clearCaches();
      const eslint = makeEslint(loaded, options);
      await loadConfig(eslint, loaded, root);
      const results = await lint(eslint, options.patterns, loaded, root);
      const files = results.map((result) => result.filePath);
      const configs = await readFileConfigs(makeConfigReader(eslint, loaded), files);
      return {
        version: loaded.ESLint.version,
        diagnostics: results.flatMap(makeResultReader(root, configs)),
        checkedFiles: results.length,
        ...describeLintedFiles(root, loaded, files, configs),
        notes: loaded.notes.length === 0 ? undefined : loaded.notes,
      };
    },
  };
}

interface ParserOptions {
  project?: unknown;
  projectService?: unknown;
  programs?: unknown;
  tsconfigRootDir?: unknown;
}

/** Where typescript-eslint would take a file's types from, per the user's parserOptions. */
function describeTypeSource(
  root: string,
  cwd: string,
  file: string,
  parserOptions: ParserOptions | undefined,
): TypeSource {
  if (parserOptions === undefined) return { kind: 'untyped' };
  const { project, projectService, programs } = parserOptions;
  if (programs !== undefined && programs !== null) return { kind: 'foreign' };
  const nearest = projectService !== undefined && projectService !== false && projectService !== null;
  if (nearest || project === true) {
    const configPath = findNearestTsconfig(dirname(file), root);
    return configPath === undefined
      ? { kind: 'foreign' }
      : { kind: 'tsconfigs', configPaths: [configPath], nearest: true };
  }
  if (typeof project !== 'string' && !Array.isArray(project)) return { kind: 'untyped' };
  const listed = [project].flat();
  const base = typeof parserOptions.tsconfigRootDir === 'string' ? parserOptions.tsconfigRootDir : cwd;
  if (!listed.every((entry): entry is string => typeof entry === 'string' && !/[*?{[]/.test(entry)))
    return { kind: 'foreign' };
  return {
    kind: 'tsconfigs',
    configPaths: listed.map((entry) => resolveTsconfig(resolve(base, entry))),
    nearest: false,
  };
}

function findNearestTsconfig(directory: string, root: string): string | undefined {
  for (let dir = directory; ; dir = dirname(dir)) {
    const candidate = join(dir, 'tsconfig.json');
    if (existsSync(candidate)) return candidate;
    if (dir === root || dirname(dir) === dir) return undefined;
  }
}

function resolveTsconfig(path: string): string {
  return isFile(path) ? path : join(path, 'tsconfig.json');
}

/** typescript-eslint found the file in no project: its result depends on the tsconfig files, not on other sources. */
function isOutsideProject(diagnostics: readonly Diagnostic[] | undefined): boolean {
  return diagnostics?.some((diagnostic) => diagnostic.code === 'parse-error' && diagnostic.phase === 'config') ?? false;
}

function hasCrossFileRules(config: Linter.Config): boolean {
  return Object.entries(config.rules ?? {}).some(([rule, entry]) => {
    const severity = Array.isArray(entry) ? entry[0] : entry;
    return severity !== 0 && severity !== 'off' && crossFileRulePrefixes.some((prefix) => rule.startsWith(prefix));
  });
}

/** Source files of a program inside the repository, outside node_modules: what ESLint may lint. */
function listOwnFiles(root: string, program: ts.Program): string[] {
  return program
    .getSourceFiles()
    .map((file) => file.fileName)
    .filter((fileName) => isInside(root, fileName) && !fileName.split('/').includes('node_modules'));
}

/** Whether `eslint <patterns>` would walk into a file (the config decides the rest). */
function makePatternMatcher(root: string, patterns: readonly string[]): (file: string) => boolean {
  const matchers = patterns.map((pattern) => {
    const target = resolve(root, pattern);
    if (existsSync(target))
      return statSync(target).isDirectory()
        ? (file: string) => isInside(target, file)
        : (file: string) => file === target;
    const isMatch = picomatch(pattern, { dot: true });
    return (file: string) => isMatch(relative(root, file).split(sep).join('/'));
  });
  return (file) => matchers.some((matches) => matches(file));
}
