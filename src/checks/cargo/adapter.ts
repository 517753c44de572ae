/**
 * The `cargo` check: `cargo check` (or `cargo clippy`) with `--message-format=json`, offline,
 * over the whole workspace, with `--keep-going` so that a failing crate does not stop cargo
 * from checking crates that do not depend on it (without it, which independent crates get
 * checked would depend on scheduling). Build files go to a target dir in culprit's cache (see
 * tool-cache.ts), never to the user's target/ unless `targetDir` says so. The graph comes from
 * `cargo metadata --no-deps`: crates are the units (cargo-graph.ts).
 */
import { existsSync, readdirSync, type Dirent } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import type { CheckOutput, CheckRequest, ImportRecord } from '../check.js';
import type { CargoOptions } from './index.js';
import { makeMissingToolError } from '../check.js';
import { assignFilesToCrates, makeCrateImports, parseCargoMetadata, type CargoWorkspace } from './graph.js';
import { parseCargoMessages } from './messages.js';
import { dedupeDiagnostics } from '../output/dedupe-diagnostics.js';
import { findExecutable } from '../runner/find-executable.js';
import { makeRepoPath } from '../output/repo-path.js';
import { describeToolFailure, runTool, type ToolResult } from '../runner/run-tool.js';
import { resolveToolCacheDir } from '../runner/tool-cache.js';

export async function runCargo({ root, options }: CheckRequest<CargoOptions>): Promise<CheckOutput> {
  const cargo = findCargo();
  if (cargo === null) throw makeMissingToolError('cargo is not installed: none on PATH or in $CARGO_HOME/bin');
  const manifest = resolve(root, options.manifestPath);
  if (!existsSync(manifest))
    throw new Error(`cargo: ${options.manifestPath} does not exist in ${root} (set manifestPath)`);
  const env = {
    ...process.env,
    CARGO_TARGET_DIR:
      options.targetDir === null
        ? resolveToolCacheDir('cargo', options.workTree, root)
        : resolve(root, options.targetDir),
    CARGO_TERM_COLOR: 'never',
    CARGO_TERM_PROGRESS_WHEN: 'never',
  };
  const run = (name: string, args: string[]) => runTool(cargo, args, { name, cwd: root, env });
  const subcommand = options.clippy ? 'clippy' : 'check';
  const checking = run(`cargo ${subcommand}`, [
    subcommand,
    '--message-format=json',
    '--offline',
    '--workspace',
    '--keep-going',
    ...(options.allTargets ? ['--all-targets'] : []),
    '--manifest-path',
    manifest,
  ]);
  const [metadataRun, versionRun, clippyVersionRun] = await Promise.all([
    run('cargo metadata', ['metadata', '--format-version', '1', '--no-deps', '--offline', '--manifest-path', manifest]),
    run('cargo --version', ['--version']),
    options.clippy ? run('cargo clippy --version', ['clippy', '--version']) : null,
  ]);
  if (metadataRun.exitCode !== 0) throw new Error(describeCargoFailure('cargo metadata', metadataRun));
  const toRepoPath = makeRepoPath(root);
  const workspace = parseCargoMetadata(metadataRun.stdout, toRepoPath);
  const imports = readCrateImports(workspace, toRepoPath);
  const result = await checking;
  if (options.clippy && isMissingClippy(result))
    throw makeMissingToolError('cargo clippy is not installed (rustup component add clippy)');

  const messages = parseCargoMessages(result.stdout, (fileName) =>
    toRepoPath(resolve(workspace.workspaceRoot, fileName)),
  );
  if (result.exitCode !== 0 && messages.failed.size === 0)
    throw new Error(describeCargoFailure(`cargo ${subcommand}`, result));
  const cargoVersion = readVersion(versionRun, 'cargo');
  const clippyVersion = clippyVersionRun === null ? null : readVersion(clippyVersionRun, 'clippy');
  const unchecked = workspace.crates.filter(
    (crate) => !messages.checked.has(crate.id) && !messages.failed.has(crate.id),
  );
  const notes =
    messages.failed.size > 0 && unchecked.length > 0 ? [describeUnchecked(unchecked.map((crate) => crate.name))] : [];
  return {
    version: clippyVersion === null ? cargoVersion : `${cargoVersion ?? '?'} + clippy ${clippyVersion}`,
    diagnostics: dedupeDiagnostics(messages.diagnostics),
    imports,
    ...(notes.length > 0 ? { notes } : {}),
  };
}

/** Cargo skips a crate whose dependency failed; the agent should know more may come. */
function describeUnchecked(names: readonly string[]): string {
  const one = names.length === 1;
  return `${one ? 'crate' : 'crates'} ${names.join(', ')} ${one ? 'was' : 'were'} not checked: cargo skips a crate whose dependency failed to compile, so ${one ? 'its' : 'their'} findings come once that compiles`;
}

/** cargo on PATH, else where rustup puts it. */
function findCargo(): string | null {
  const cargoHome = process.env['CARGO_HOME'] ?? join(homedir(), '.cargo');
  const path = [process.env['PATH'] ?? '', join(cargoHome, 'bin')].join(delimiter);
  return findExecutable('cargo', { local: [], roots: [], path });
}

function readCrateImports(workspace: CargoWorkspace, toRepoPath: (absolute: string) => string): ImportRecord {
  const files = listRustFiles(workspace.workspaceRoot).map(toRepoPath);
  return makeCrateImports(workspace.crates, assignFilesToCrates(workspace.crates, files));
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
