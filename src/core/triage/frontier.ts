/**
 * The frontier: of the files failing after an edit, the ones whose failures are causes rather
 * than echoes. Errors spread along import edges from a changed file to everything that reads
 * it, so a failing file that imports (directly or not) another failing file is probably an echo
 * of it. Two steps, because the session decides how many roots to show between them.
 *
 * Echoes follow the kind of failure. A compiler error changes what the files importing it see,
 * so it can be the cause of anything below it. A lint finding changes no type: it can be the
 * cause of lint findings below it (the edit that made a value `any` is flagged where it was made
 * and at every use), never of compiler errors. So a file with lint findings only is a root for
 * its own findings and withholds only lint findings below it.
 */
import { compareByPosition, compareStrings } from '../diagnostic.js';
import type { Finding } from '../diagnostic.js';
import { findComponentIndex, listComponentFiles } from '../graph/components.js';
import { findDistanceIndex, findSourceNumbers } from '../graph/distance.js';
import { indexModuleGraph } from '../graph/indexed-graph.js';
import type { ModuleGraph } from '../graph/module-graph.js';
import { findReachesMarked } from '../graph/reachability.js';
import { makeInstruction } from './non-editable.js';
import type { EditabilityClassifier } from './non-editable.js';

/** One root cause: a failing file, or the failing files of one import cycle. */
export interface RootUnit {
  /** The unit's failing files, sorted. */
  files: string[];
  /**
   * The same files in the order they are shown: by import distance from the nearest changed file
   * they depend on (files reaching none last), then more findings first, then path.
   */
  order: string[];
  /** Import distance of each file in `order` (same index); null when it reaches no changed file. */
  distances: (number | null)[];
  /** False when every failing file in the unit is generated, vendored or a package's. */
  editable: boolean;
  /** Whether this attempt shows the unit; always false from findRoots. */
  selected: boolean;
  /** How many findings the unit's files have (with `compilerOnly`: how many compiler findings). */
  introduced: number;
  /**
   * The unit is a root for its compiler findings only: it imports a failing file with lint
   * findings only, which cannot cause compiler errors but may cause its lint findings, so those
   * are withheld as echoes.
   */
  compilerOnly?: true | undefined;
  /** For a non-editable unit: what to do instead of hand-editing. */
  instruction?: string;
  /** The unit (the whole cycle, not only its failing files) contains a file the patch changed. */
  hasChangedFile: boolean;
  /**
   * Set by selectFrontier on a selected editable unit with more failing files than `maxUnitFiles`: the
   * nearest ring (all files at the smallest distance, at most `maxRingFiles`), the only part shown.
   */
  ring?: Ring;
}

/** The part of a large unit an attempt shows. */
export interface Ring {
  /** The ring's import distance from the change; null when no file of the unit reaches a changed file. */
  distance: number | null;
  /** Its files, in display order. */
  files: string[];
  /** How many of `files` are beyond the nearest ring, shown for failing only on a cause already shown. */
  joined?: number;
}

/** A ring of 40 files is still one echo group's sites; beyond this a ring is cut too, keeping the files with most findings. */
export const maxRingFiles = 50;

export interface FindRootsInput {
  findings: readonly Finding[];
  graph: ModuleGraph;
  changedFiles: ReadonlySet<string>;
  classify: EditabilityClassifier;
}

/**
 * The root units in display order: units with a changed file first (the edit is the likeliest
 * cause), then more findings, then first path. Import cycles are condensed first, so two files
 * that import each other form one unit and the frontier is never empty when something fails. A
 * failing unit is a root when no other failing unit is reachable through its imports; reachability
 * is transitive, so a barrel without findings of its own does not hide a failing file behind it.
 * Files with findings that the graph does not know are units with no imports. Within a unit, files
 * are ordered by how directly they import a changed file, because a large import cycle is where
 * the graph alone cannot say which failure comes first.
 */
export function findRoots({ findings, graph, changedFiles, classify }: FindRootsInput): RootUnit[] {
  const countOf = new Map<string, number>();
  const compilerCountOf = new Map<string, number>();
  for (const finding of findings) {
    if (finding.path === null) continue;
    countOf.set(finding.path, (countOf.get(finding.path) ?? 0) + 1);
    if (isCompilerFinding(finding)) compilerCountOf.set(finding.path, (compilerCountOf.get(finding.path) ?? 0) + 1);
  }
  // The graph is numbered once for the walks over all of it.
  const indexed = indexModuleGraph(graph, countOf.keys());
  const components = findComponentIndex(indexed);
  const failing = new Uint8Array(components.count);
  const compilerFailing = new Uint8Array(components.count);
  for (const file of countOf.keys()) {
    const component = components.componentOf[indexed.numberOf.get(file)!]!;
    failing[component] = 1;
    if (compilerCountOf.has(file)) compilerFailing[component] = 1;
  }
  const reaches = findReachesMarked(indexed, components, failing);
  const reachesCompiler = findReachesMarked(indexed, components, compilerFailing);
  const { distances } = findDistanceIndex(indexed, findSourceNumbers(graph, indexed, changedFiles));
  const distanceOf = (file: string): number | null => {
    const distance = distances[indexed.numberOf.get(file)!]!;
    return distance === -1 ? null : distance;
  };

  const roots: RootUnit[] = [];
  for (let index = 0; index < components.count; index += 1) {
    if (failing[index] === 0 || reachesCompiler[index] === 1) continue;
    // Below a failing file with lint findings only: a root for its compiler errors, if it has any.
    const compilerOnly = reaches[index] === 1;
    if (compilerOnly && compilerFailing[index] === 0) continue;
    const counts = compilerOnly ? compilerCountOf : countOf;
    const members = listComponentFiles(indexed, components, index);
    const files = members.filter((file) => counts.has(file));
    const editable = files.some((file) => classify(file).editable);
    const order = orderByDistance(files, distanceOf, counts);
    const unit: RootUnit = {
      files,
      order,
      distances: order.map(distanceOf),
      editable,
      selected: false,
      introduced: files.reduce((sum, file) => sum + (counts.get(file) ?? 0), 0),
      hasChangedFile: members.some((file) => changedFiles.has(file)),
      compilerOnly: compilerOnly ? true : undefined,
    };
    roots.push(editable ? unit : { ...unit, instruction: makeInstruction(files, classify) });
  }
  return roots.sort(compareRoots);
}

/** Whether the finding comes from a compiler (syntax, semantic or configuration) rather than a linter. */
export function isCompilerFinding(finding: Finding): boolean {
  return finding.phase !== 'lint';
}

function orderByDistance(
  files: readonly string[],
  distanceOf: (file: string) => number | null,
  countOf: ReadonlyMap<string, number>,
): string[] {
  const distance = (file: string) => distanceOf(file) ?? Number.MAX_SAFE_INTEGER;
  return [...files].sort(
    (a, b) => distance(a) - distance(b) || countOf.get(b)! - countOf.get(a)! || compareStrings(a, b),
  );
}

function compareRoots(a: RootUnit, b: RootUnit): number {
  return (
    Number(b.hasChangedFile) - Number(a.hasChangedFile) ||
    b.introduced - a.introduced ||
    compareStrings(a.files[0]!, b.files[0]!)
  );
}

export interface SelectFrontierInput {
  findings: readonly Finding[];
  /** From findRoots, in display order. */
  roots: readonly RootUnit[];
  /** How many editable root units to show; at least one is always shown. */
  width: number;
  /**
   * A selected unit with more failing files than this shows only its nearest ring. Default
   * `width`; the report passes `maxFiles`, because widening adds units, it does not open a cycle.
   */
  maxUnitFiles?: number;
  /**
   * Files this accepts join what is shown, up to `maxRingFiles` of them: an editable root beyond
   * the width whose files it all accepts, and files of a selected unit beyond its nearest ring.
   * The report passes files whose every finding is the same cause as one already shown, which
   * makes them part of that one entry rather than a separate cause for a later attempt.
   */
  sameCause?: (file: string) => boolean;
}

export interface Frontier {
  /**
   * Findings without a file first, then the selected editable roots' findings, root by root, file
   * by file in each unit's `order`, in position order within a file.
   */
  shown: Finding[];
  /** Everything not shown, including the findings of non-editable roots. */
  withheld: { count: number; files: string[] };
  /** The roots with `selected` set, and `ring` on a selected unit too large to show whole. */
  roots: RootUnit[];
}

/**
 * Picks what this attempt shows. The first `width` editable roots are selected. Non-editable
 * roots are always selected, so the loop can reach them through their instruction, and take no
 * width; their findings are withheld because the agent must not hand-edit them. Findings without
 * a file are not tied to any root and always show. A selected unit larger than `maxUnitFiles` (a big
 * import cycle, where the frontier cannot order files by imports alone) shows its nearest ring:
 * the files closest to the change break first, and the rest of the cycle is likely their echo.
 */
export function selectFrontier({
  findings,
  roots,
  width,
  maxUnitFiles = width,
  sameCause,
}: SelectFrontierInput): Frontier {
  let editableLeft = Math.max(1, width);
  let joinable = sameCause === undefined ? 0 : maxRingFiles;
  const join = (files: readonly string[]): boolean => {
    if (files.length > joinable || !files.every((file) => sameCause!(file))) return false;
    joinable -= files.length;
    return true;
  };
  const selectedRoots = roots.map((root): RootUnit => {
    if (!root.editable) return { ...root, selected: true };
    if (editableLeft === 0) return { ...root, selected: join(root.files) };
    editableLeft -= 1;
    const ring = root.files.length > Math.max(1, maxUnitFiles) ? findNearestRing(root) : undefined;
    if (ring === undefined) return { ...root, selected: true };
    const nearest = new Set(ring.files);
    const joined = new Set(root.order.filter((file) => !nearest.has(file) && joinable > 0 && join([file])));
    if (nearest.size + joined.size === root.files.length) return { ...root, selected: true };
    if (joined.size === 0) return { ...root, selected: true, ring };
    const files = root.order.filter((file) => nearest.has(file) || joined.has(file));
    return { ...root, selected: true, ring: { ...ring, files, joined: joined.size } };
  });
  const sequenceOf = new Map<string, number>();
  const compilerOnlyFiles = new Set<string>();
  for (const root of selectedRoots) {
    if (!root.selected || !root.editable) continue;
    for (const file of root.ring?.files ?? root.order) {
      sequenceOf.set(file, sequenceOf.size);
      if (root.compilerOnly === true) compilerOnlyFiles.add(file);
    }
  }
  const isShown = (finding: Finding) =>
    finding.path === null ||
    (sequenceOf.has(finding.path) && (!compilerOnlyFiles.has(finding.path) || isCompilerFinding(finding)));
  const sequence = (finding: Finding) => (finding.path === null ? -1 : sequenceOf.get(finding.path)!);
  const shown = findings.filter(isShown).sort((a, b) => sequence(a) - sequence(b) || compareByPosition(a, b));
  const withheld = findings.filter((finding) => !isShown(finding));
  const files = [...new Set(withheld.map((finding) => finding.path!))].sort(compareStrings);
  return { shown, withheld: { count: withheld.length, files }, roots: selectedRoots };
}

/** The files at the unit's smallest distance, at most `maxRingFiles`; undefined when that is the whole unit. */
function findNearestRing(root: RootUnit): Ring | undefined {
  const distance = root.distances[0] ?? null;
  const files = root.order.filter((_, index) => root.distances[index] === distance).slice(0, maxRingFiles);
  return files.length < root.files.length ? { distance, files } : undefined;
}
