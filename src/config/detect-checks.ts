/**
 * Zero-config detection: which checks a repository evidently uses, from files at its root. Each
 * kind says what it looks for (its definition's `detection`, in checks/<kind>/index.ts); a kind
 * without one (a SARIF command) runs only when configured. A detected tool that turns out to be
 * missing is reported `missing`, never clean.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckDetection, RootProbe } from '../checks/check-definition.js';
import { checkDefinitions, checkKinds, type CheckKind, type ResolvedCheck } from '../checks/registry.js';
import { findExecutable } from '../checks/runner/find-executable.js';
import { readPyprojectTools, readText } from '../checks/project-files.js';
import { makeResolvedCheck } from './check-options.js';

/** Root files that say a repository uses a check, as they are named in the "nothing to check" error. */
export function describeDetectionFiles(): string[] {
  return checkKinds.flatMap((kind) => checkDefinitions[kind].detection?.files ?? []);
}

/**
 * The checks detected at `root`. `probeRoot`, when given, is where the files are read: a copy of
 * another tree's configuration (baseline/base-checks.ts), detected as if it were at `root`.
 */
export async function detectChecks(root: string, probeRoot = root): Promise<ResolvedCheck[]> {
  const probe = makeRootProbe(probeRoot, root);
  const checks: ResolvedCheck[] = [];
  for (const kind of checkKinds) {
    for (const { name, raw } of await listDetectedEntries(kind, probe)) {
      const check = makeResolvedCheck(kind, name, raw as never, root);
      if (check !== null) checks.push(check);
    }
  }
  return checks;
}

/**
 * A detected kind's entries: as if listed with no fields under its own name (only a kind whose
 * fields are all optional can have a detection, check-definition.ts), unless it lists its own.
 */
async function listDetectedEntries(kind: CheckKind, probe: RootProbe): Promise<{ name: string; raw: object }[]> {
  const detection: CheckDetection | undefined = checkDefinitions[kind].detection;
  if (detection === undefined) return [];
  if (detection.listEntries !== undefined) return detection.listEntries(probe);
  return detection.isUsed(probe) ? [{ name: kind, raw: {} }] : [];
}

/** Reads files at `root`; asks whether a tool is installed at `toolRoot` (the work tree, whose virtualenv a copy lacks). */
function makeRootProbe(root: string, toolRoot: string): RootProbe {
  let pyprojectTools: Set<string> | undefined;
  return {
    root,
    has: (name) => existsSync(join(root, name)),
    hasPyprojectTool: (name) =>
      (pyprojectTools ??= readPyprojectTools(readText(join(root, 'pyproject.toml')))).has(name),
    readText: (name) => readText(join(root, name)),
    isPythonToolInstalled: (name) => findExecutable(name, { local: ['python'], roots: [toolRoot] }) !== null,
  };
}

/**
 * Files whose presence or content can decide which checks run: culprit's configuration, the
 * manifests and workspace files that name package folders, and every kind's configuration files.
 * A baseline of another tree whose edit touched one resolves its checks from its own files.
 */
export function isCheckConfigFile(path: string): boolean {
  return checkConfigName.test(path.slice(path.lastIndexOf('/') + 1));
}

const checkConfigName =
  /^(?:culprit\.config\.json|package\.json|pnpm-workspace\.yaml|(?:ts|js)config(?:\..*)?\.json|eslint\.config\.[cm]?[jt]s|\.eslintrc(?:\.(?:js|cjs|yaml|yml|json))?|\.oxlintrc\.json|biome\.jsonc?|pyrightconfig\.json|pyproject\.toml|mypy\.ini|\.mypy\.ini|setup\.cfg|ruff\.toml|\.ruff\.toml|Cargo\.toml)$/;
