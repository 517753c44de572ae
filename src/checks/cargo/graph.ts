/**
 * The Rust graph: crates are the units. A finding belongs to its crate (the package whose
 * folder holds its file), and cargo never checks a crate whose dependency failed, so within a
 * crate there is nothing to order, and between crates the order is cargo's dependency graph.
 *
 * As module-graph edges, for the frontier's condensation (triage/frontier.ts): the files of
 * one crate form a ring (f0 → f1 → … → f0), so they are one strongly connected component and
 * any failing files of the crate are one unit; and the crate's representative file (its lib
 * root, else its first target's root) imports the representative of each workspace crate it
 * depends on, so a failing crate that reaches another failing crate is downstream of it.
 * Development dependencies are left out: cargo lets a crate's tests depend on a crate that
 * depends on it, and that cycle would merge both crates into one unit.
 */
import { posix } from 'node:path';
import type { ImportRecord } from '../check.js';

export interface Crate {
  /** cargo's package id, as in the `package_id` of its messages. */
  id: string;
  name: string;
  /** Repository-relative folder of its Cargo.toml; '' at the root. */
  dir: string;
  /** Repository-relative root files of its targets, the lib's first. */
  rootFiles: string[];
  /** Ids of the workspace crates it depends on (normal and build dependencies). */
  dependencies: string[];
}

export interface CargoWorkspace {
  /** Absolute folder cargo resolves span file names against. */
  workspaceRoot: string;
  crates: Crate[];
}

interface MetadataTarget {
  kind?: string[];
  src_path?: string;
}

interface MetadataPackage {
  id?: string;
  name?: string;
  manifest_path?: string;
  targets?: MetadataTarget[];
  dependencies?: { name?: string; source?: string | null; kind?: string | null; path?: string }[];
}

interface Metadata {
  packages?: MetadataPackage[];
  workspace_members?: string[];
  workspace_root?: string;
}

/** `cargo metadata --format-version 1 --no-deps` → the workspace's crates. */
export function parseCargoMetadata(stdout: string, toRepoPath: (absolute: string) => string): CargoWorkspace {
  let metadata: Metadata;
  try {
    metadata = JSON.parse(stdout) as Metadata;
  } catch {
    throw new Error('cargo metadata printed no JSON');
  }
  if (!Array.isArray(metadata.packages) || typeof metadata.workspace_root !== 'string') {
    throw new Error('cargo metadata printed JSON without packages or workspace_root');
  }
  const members = new Set(metadata.workspace_members ?? []);
  const packages = metadata.packages.filter(
    (pkg) => pkg.id !== undefined && pkg.manifest_path !== undefined && members.has(pkg.id),
  );
  const dirOf = (pkg: MetadataPackage) => normalizeDir(posix.dirname(toRepoPath(pkg.manifest_path!)));
  const idByDir = new Map(packages.map((pkg) => [dirOf(pkg), pkg.id!]));
  const idByName = new Map(packages.map((pkg) => [pkg.name, pkg.id!]));
  const crates = packages.map((pkg): Crate => {
    const targets = [...(pkg.targets ?? [])].filter(
      (target) => target.src_path !== undefined && !(target.kind ?? []).includes('custom-build'),
    );
    targets.sort((a, b) => Number((b.kind ?? []).includes('lib')) - Number((a.kind ?? []).includes('lib')));
    const dependencies = (pkg.dependencies ?? [])
      .filter((dependency) => dependency.kind !== 'dev')
      .map((dependency) => {
        if (dependency.path !== undefined) return idByDir.get(normalizeDir(toRepoPath(dependency.path)));
        // Older cargo leaves `path` out; a workspace crate has no registry source.
        return dependency.source === null || dependency.source === undefined
          ? idByName.get(dependency.name)
          : undefined;
      })
      .filter((id): id is string => id !== undefined && id !== pkg.id);
    return {
      id: pkg.id!,
      name: pkg.name ?? pkg.id!,
      dir: dirOf(pkg),
      rootFiles: [...new Set(targets.map((target) => toRepoPath(target.src_path!)))],
      dependencies: [...new Set(dependencies)].sort(),
    };
  });
  return { workspaceRoot: metadata.workspace_root, crates: crates.sort((a, b) => compare(a.id, b.id)) };
}

/** Each file goes to the crate with the deepest folder holding it; files outside every crate are left out. */
export function assignFilesToCrates(crates: readonly Crate[], files: readonly string[]): Map<string, string[]> {
  const byDepth = [...crates].sort((a, b) => b.dir.length - a.dir.length);
  const assigned = new Map<string, string[]>(crates.map((crate) => [crate.id, [...crate.rootFiles]]));
  for (const file of files) {
    const owner = byDepth.find((crate) => crate.dir === '' || file.startsWith(`${crate.dir}/`));
    if (owner !== undefined) assigned.get(owner.id)!.push(file);
  }
  for (const [id, list] of assigned) assigned.set(id, [...new Set(list)].sort(compare));
  return assigned;
}

/** The ring inside each crate and the edges between crates' representatives (see the top of this file). */
export function makeCrateImports(
  crates: readonly Crate[],
  filesByCrate: ReadonlyMap<string, readonly string[]>,
): ImportRecord {
  const edges = new Map<string, Set<string>>();
  const addEdge = (from: string, to: string) => {
    if (from === to) return;
    const targets = edges.get(from) ?? new Set<string>();
    targets.add(to);
    edges.set(from, targets);
  };
  const representative = new Map<string, string>();
  for (const crate of crates) {
    const files = filesByCrate.get(crate.id) ?? [];
    const first = crate.rootFiles[0] ?? files[0];
    if (first !== undefined) representative.set(crate.id, first);
    files.forEach((file, index) => addEdge(file, files[(index + 1) % files.length]!));
  }
  for (const crate of crates) {
    const from = representative.get(crate.id);
    if (from === undefined) continue;
    for (const dependency of crate.dependencies) {
      const to = representative.get(dependency);
      if (to !== undefined) addEdge(from, to);
    }
  }
  const imports: ImportRecord = {};
  for (const from of [...edges.keys()].sort(compare)) imports[from] = [...edges.get(from)!].sort(compare);
  return imports;
}

function normalizeDir(dir: string): string {
  return dir === '.' || dir === '' ? '' : dir;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
