/**
 * The `cargo` check, through the command runner: `cargo check` (or `cargo clippy`) with `--message-format=json`, offline,
 * over the whole workspace, with `--keep-going` so that a failing crate does not stop cargo
 * from checking crates that do not depend on it (without it, which independent crates get
 * checked would depend on scheduling). Build files go to a target dir in culprit's cache (see
 * tool-cache.ts), never to the user's target/ unless `targetDir` says so. The graph comes from
 * `cargo metadata --no-deps`: crates are the units (cargo-graph.ts). Its coverage is the files
 * of the crates cargo checked; a crate it skipped behind one that failed to compile is an
 * unchecked part of the run, never a clean one.
 */
import { existsSync, readdirSync, readFileSync, type Dirent } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import type { CheckOutput, CheckRequest, ImportRecord } from '../check.js';
import type { CargoOptions } from './index.js';
import { makeMissingToolError } from '../check.js';
import { assignFilesToCrates, makeCrateImports, parseCargoMetadata, type CargoWorkspace, type Crate } from './graph.js';
import { parseCargoMessages } from './messages.js';
import { scanRustSuppressions } from './suppressions.js';
import { readCargoStrength } from './strength.js';
import { findExecutable } from '../runner/find-executable.js';
import { makeRepoPath } from '../output/repo-path.js';
import { runCommandCheck, type CheckConfig, type CommandCheck } from '../runner/command-check.js';
import { describeToolFailure, type ToolResult } from '../runner/run-tool.js';
import { resolveToolCacheDir } from '../runner/tool-cache.js';

interface CargoSide {
  workspace: CargoWorkspace;
  filesByCrate: Map<string, string[]>;
  imports: ImportRecord;
  version: string | null;
}

const cargo: CommandCheck<CargoOptions, CargoSide> = {
  name: (options) => `cargo ${readSubcommand(options)}`,
  locate: () => ({ executable: findCargo(), missing: 'cargo is not installed: none on PATH or in $CARGO_HOME/bin' }),
  env: ({ root, options }) => ({
    CARGO_TARGET_DIR:
      options.targetDir === null
        ? resolveToolCacheDir('cargo', options.workTree, root)
        : resolve(root, options.targetDir),
    CARGO_TERM_COLOR: 'never',
    CARGO_TERM_PROGRESS_WHEN: 'never',
  }),
  args: ({ root, options }) => [
    readSubcommand(options),
    '--message-format=json',
    '--offline',
    '--workspace',
    '--keep-going',
    ...(options.allTargets ? ['--all-targets'] : []),
    '--manifest-path',
    readManifest(root, options),
  ],
  beside: async (run) => {
    const manifest = readManifest(run.root, run.options);
    const [metadataRun, versionRun, clippyVersionRun] = await Promise.all([
      run.call(
        ['metadata', '--format-version', '1', '--no-deps', '--offline', '--manifest-path', manifest],
        'cargo metadata',
      ),
      run.call(['--version'], 'cargo --version'),
      run.options.clippy ? run.call(['clippy', '--version'], 'cargo clippy --version') : null,
    ]);
    if (metadataRun.exitCode !== 0) throw new Error(describeCargoFailure('cargo metadata', metadataRun));
    const toRepoPath = makeRepoPath(run.root);
    const workspace = parseCargoMetadata(metadataRun.stdout, toRepoPath);
    const files = listRustFiles(workspace.workspaceRoot).map(toRepoPath);
    const filesByCrate = assignFilesToCrates(workspace.crates, files);
    const cargoVersion = readVersion(versionRun, 'cargo');
    const clippyVersion = clippyVersionRun === null ? null : readVersion(clippyVersionRun, 'clippy');
    return {
      workspace,
      filesByCrate,
      imports: makeCrateImports(workspace.crates, filesByCrate),
      version: clippyVersion === null ? cargoVersion : `${cargoVersion ?? '?'} + clippy ${clippyVersion}`,
    };
  },
  exitCodes: 'any',
  read: (result, { root, options }, side) => {
    if (options.clippy && isMissingClippy(result))
      throw makeMissingToolError('cargo clippy is not installed (rustup component add clippy)');
    const toRepoPath = makeRepoPath(root);
    const messages = parseCargoMessages(result.stdout, (fileName) =>
      toRepoPath(resolve(side.workspace.workspaceRoot, fileName)),
    );
    if (result.exitCode !== 0 && messages.failed.size === 0)
      return { diagnostics: [], failure: describeCargoFailure(`cargo ${readSubcommand(options)}`, result) };
    const { crates } = side.workspace;
    const filesOf = (crate: Crate) => side.filesByCrate.get(crate.id) ?? [];
    const checked = crates.filter((crate) => messages.checked.has(crate.id) || messages.failed.has(crate.id));
    const skipped = messages.failed.size === 0 ? [] : crates.filter((crate) => !checked.includes(crate));
    return {
      version: side.version,
      diagnostics: messages.diagnostics,
      imports: side.imports,
      checkedPaths: checked.flatMap(filesOf),
      unchecked: skipped.map((crate) => ({ paths: filesOf(crate), reason: describeUnchecked([crate.name]) })),
      config: readCargoConfig(root, options, crates),
      // The same in words, until every report words the unchecked parts itself.
      notes: skipped.length === 0 ? [] : [describeUnchecked(skipped.map((crate) => crate.name))],
    };
  },
  describeFailure: (result, error, { options }) =>
    error?.message ?? describeCargoFailure(`cargo ${readSubcommand(options)}`, result),
  scanSuppressions: (root, paths) =>
    paths
      .filter((path) => path.endsWith('.rs'))
      .flatMap((path) => {
        const text = readSource(join(root, path));
        return text === null ? [] : scanRustSuppressions(path, text);
      }),
  readConfig: ({ root, options }) => readCargoConfig(root, options, []),
};

/** The manifest, clippy's config, and the strength of the workspace's manifests and .cargo/config.toml (strength.ts). */
function readCargoConfig(root: string, options: CargoOptions, crates: readonly Crate[]): CheckConfig {
  const configFiles = [
    options.manifestPath,
    ...['clippy.toml', '.clippy.toml'].filter((name) => existsSync(join(root, name))),
  ];
  const manifests = [
    ...new Set([resolve(root, options.manifestPath), ...crates.map((crate) => join(root, crate.dir, 'Cargo.toml'))]),
  ];
  const settings = readCargoStrength(root, manifests);
  return { configFiles, strength: settings === undefined ? undefined : [{ source: options.manifestPath, settings }] };
}

export function runCargo(request: CheckRequest<CargoOptions>): Promise<CheckOutput> {
  return runCommandCheck(cargo, request);
}

function readSubcommand(options: CargoOptions): 'check' | 'clippy' {
  return options.clippy ? 'clippy' : 'check';
}

function readManifest(root: string, options: CargoOptions): string {
  const manifest = resolve(root, options.manifestPath);
  if (!existsSync(manifest))
    throw new Error(`cargo: ${options.manifestPath} does not exist in ${root} (set manifestPath)`);
  return manifest;
}

/** Cargo skips a crate whose dependency failed; the agent should know its findings come later. */
function describeUnchecked(names: readonly string[]): string {
  const one = names.length === 1;
  return `${one ? 'crate' : 'crates'} ${names.join(', ')} ${one ? 'was' : 'were'} not checked: cargo skips a crate whose dependency failed to compile, so ${one ? 'its' : 'their'} findings come once that compiles`;
}

function readSource(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** cargo on PATH, else where rustup puts it. */
function findCargo(): string | null {
  const cargoHome = process.env['CARGO_HOME'] ?? join(homedir(), '.cargo');
  const path = [process.env['PATH'] ?? '', join(cargoHome, 'bin')].join(delimiter);
  return findExecutable('cargo', { local: [], roots: [], path });
}

/** Every `.rs` file under the workspace, build output and hidden folders left out. */
function listRustFiles(dir: string): string[] {
  const files: string[] = [];
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return files;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.') && entry.name !== 'target' && entry.name !== 'node_modules')
        files.push(...listRustFiles(path));
    } else if (entry.isFile() && entry.name.endsWith('.rs')) {
      files.push(path);
    }
  }
  return files;
}

/** `cargo 1.95.0 (f2d3ce0bd 2026-03-21)` → `1.95.0 (f2d3ce0bd 2026-03-21)`. */
function readVersion(result: ToolResult, tool: string): string | null {
  const line = result.stdout.trim().split('\n')[0] ?? '';
  return line.startsWith(`${tool} `) ? line.slice(tool.length + 1) : null;
}

function isMissingClippy(result: ToolResult): boolean {
  return (
    result.exitCode !== 0 &&
    result.stderrLines.some((line) => /no such command: `?clippy/.test(line) || /clippy.*is not installed/.test(line))
  );
}

/** cargo's own `error:` line and what follows it (the manifest it could not parse, the dependency it could not find offline). */
function describeCargoFailure(name: string, result: ToolResult): string {
  // Code frames under a TOML error ("  |", "1 | [package", "  ^") say nothing on one line.
  const lines = result.stderrLines.filter((line) => !/^(?:\d+\s*)?\|/.test(line) && !/^\^+$/.test(line));
  const start = lines.findIndex((line) => line.startsWith('error'));
  if (start === -1) return describeToolFailure(name, result);
  return `${name} failed: ${lines.slice(start, start + 3).join(' | ')}`;
}
