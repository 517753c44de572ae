/**
 * The frontier: of the files failing after an edit, the ones whose failures are causes rather
 * than echoes. Errors spread along import edges from a changed file to everything that reads
 * it, so a failing file that imports (directly or not) another failing file is probably an echo
 * of it. Two steps, because the session decides how many roots to show between them.
 */
import { compareByPosition, compareStrings } from '../diagnostic.js';
import type { Finding } from '../diagnostic.js';
import { findComponents } from '../graph/components.js';
import type { ModuleGraph } from '../graph/module-graph.js';
import { findReachesMarked } from '../graph/reachability.js';
import { makeInstruction } from './non-editable.js';
import type { EditabilityClassifier } from './non-editable.js';

/** One root cause: a failing file, or the failing files of one import cycle. */
export interface RootUnit {
  /** The unit's failing files, sorted. */
  files: string[];
  /** False when every failing file in the unit is generated, vendored or a package's. */
  editable: boolean;
  /** Whether this attempt shows the unit; always false from findRoots. */
  selected: boolean;
  /** How many findings the unit's files have. */
  introduced: number;
  /** For a non-editable unit: what to do instead of hand-editing. */
  instruction?: string;
  /** The unit (the whole cycle, not only its failing files) contains a file the patch changed. */
  hasChangedFile: boolean;
}

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
 * Files with findings that the graph does not know are units with no imports.
 */
export function findRoots({ findings, graph, changedFiles, classify }: FindRootsInput): RootUnit[] {
  const countOf = new Map<string, number>();
  for (const finding of findings) {
    if (finding.path !== null) countOf.set(finding.path, (countOf.get(finding.path) ?? 0) + 1);
  }
  const components = findComponents(graph, countOf.keys());
  const failing = new Set<number>();
  for (const file of countOf.keys()) failing.add(components.componentOf.get(file)!);
  const reaches = findReachesMarked(graph, components, failing);

  const roots: RootUnit[] = [];
  for (const index of failing) {
    if (reaches[index] === true) continue;
    const members = components.components[index]!;
    const files = members.filter((file) => countOf.has(file));
    const editable = files.some((file) => classify(file).editable);
    const unit: RootUnit = {
      files,
      editable,
      selected: false,
      introduced: files.reduce((sum, file) => sum + (countOf.get(file) ?? 0), 0),
      hasChangedFile: members.some((file) => changedFiles.has(file)),
    };
    roots.push(editable ? unit : { ...unit, instruction: makeInstruction(files, classify) });
  }
  return roots.sort(compareRoots);
}

function compareRoots(a: RootUnit, b: RootUnit): number {
  return Number(b.hasChangedFile) - Number(a.hasChangedFile) || b.introduced - a.introduced || compareStrings(a.files[0]!, b.files[0]!);
}

export interface SelectFrontierInput {
  findings: readonly Finding[];
  /** From findRoots, in display order. */
  roots: readonly RootUnit[];
  /** How many editable root units to show; at least one is always shown. */
  width: number;
}

export interface Frontier {
  /** Findings without a file first, then the selected editable roots' findings, root by root in position order. */
  shown: Finding[];
  /** Everything not shown, including the findings of non-editable roots. */
  withheld: { count: number; files: string[] };
  /** The roots with `selected` set. */
  roots: RootUnit[];
}

/**
 * Picks what this attempt shows. The first `width` editable roots are selected. Non-editable
 * roots are always selected, so the loop can reach them through their instruction, and take no
 * width; their findings are withheld because the agent must not hand-edit them. Findings without
 * a file are not tied to any root and always show.
 */
export function selectFrontier({ findings, roots, width }: SelectFrontierInput): Frontier {
  let editableLeft = Math.max(1, width);
  const selectedRoots = roots.map((root) => {
    if (!root.editable) return { ...root, selected: true };
    const selected = editableLeft > 0;
    if (selected) editableLeft -= 1;
    return { ...root, selected };
  });
  const shownFiles = new Set(selectedRoots.filter((root) => root.selected && root.editable).flatMap((root) => root.files));
  const rankOf = new Map<string, number>();
  selectedRoots.forEach((root, rank) => root.files.forEach((file) => rankOf.set(file, rank)));

  const shown = findings
    .filter((finding) => finding.path === null || shownFiles.has(finding.path))
    .sort((a, b) => rankOfFinding(a, rankOf) - rankOfFinding(b, rankOf) || compareByPosition(a, b));
  const withheld = findings.filter((finding) => finding.path !== null && !shownFiles.has(finding.path));
  const files = [...new Set(withheld.map((finding) => finding.path!))].sort(compareStrings);
  return { shown, withheld: { count: withheld.length, files }, roots: selectedRoots };
}

function rankOfFinding(finding: Finding, rankOf: ReadonlyMap<string, number>): number {
  return finding.path === null ? -1 : (rankOf.get(finding.path) ?? Number.MAX_SAFE_INTEGER);
}
