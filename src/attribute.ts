/**
 * Attribution: which findings this patch introduced, which it resolved, and which stood before
 * it. A multiset difference on fingerprints, so the answer depends on what the findings are
 * about and not on line numbers or the order tools reported them in.
 */
import type { AnchoredDiagnostic, Finding } from './diagnostic.js';
import { findRanks } from './complete-order.js';
import { identifyBaseAndCurrent, makeFinding, pathNow } from './fingerprint.js';

export interface AttributeOptions {
  /** Base path → current path for files renamed or moved since the baseline. */
  renames?: ReadonlyMap<string, string>;
  /** Whether the current tree's file at `path` still has a line whose folded text is `anchor`. */
  hasLine?: (path: string, anchor: string) => boolean;
  /**
   * Each base finding's fingerprint hash under its own path (hashOwnFingerprints), as a stored
   * snapshot keeps them: only the current findings of files whose findings changed are hashed.
   */
  beforeHashes?: readonly string[];
}

/** A base finding gone from the current tree. */
export interface ResolvedFinding extends Finding {
  /**
   * The flagged line itself is gone: the "fix" may have deleted the code that produced the
   * finding rather than corrected it, which a reviewer should look at.
   */
  lineDeleted: boolean;
}

export interface Attribution {
  /** In the current tree and not the base: what the patch caused. */
  introduced: Finding[];
  /** In the base and not the current tree; keeps the base path even when the file was renamed. */
  resolved: ResolvedFinding[];
  /** In both: the repository's standing debt, not this patch's business. */
  standing: Finding[];
}

/**
 * Compares base (`before`) and current (`after`) findings. Base findings are fingerprinted under
 * the path their file has now, so a renamed file keeps its findings' identity. Every list is in
 * position order.
 */
export function attribute(
  before: readonly AnchoredDiagnostic[],
  after: readonly AnchoredDiagnostic[],
  options: AttributeOptions = {},
): Attribution {
  const renames = options.renames ?? new Map<string, string>();

  const { base, current } = identifyBaseAndCurrent(before, after, renames, options.beforeHashes);

  // `<hash>#<n>` exists on a side exactly when n is at most that side's count of the hash, so
  // comparing counts is comparing the sets of fingerprints, without building either set.
  // Findings are copied in input order, the order they lie in memory, then listed in rank order.
  const rankOf = findRanks(current.order);
  const findings = after.map((diagnostic, index) => makeFinding(diagnostic, current, rankOf[index]!));
  const introduced: Finding[] = [];
  const standing: Finding[] = [];
  current.order.forEach((index, rank) => {
    const finding = findings[index]!;
    if (current.occurrences[rank]! > base.countOf(current.numbers[rank]!)) introduced.push(finding);
    else standing.push(finding);
  });
  const resolved: ResolvedFinding[] = [];
  base.order.forEach((index, rank) => {
    if (base.occurrences[rank]! <= current.countOf(base.numbers[rank]!)) return;
    const finding = makeFinding(before[index]!, base, rank);
    resolved.push({ ...finding, lineDeleted: isLineDeleted(finding, pathNow(finding.path, renames), options.hasLine) });
  });
  return { introduced, resolved, standing };
}

function isLineDeleted(
  finding: Finding,
  currentPath: string | null,
  hasLine: AttributeOptions['hasLine'],
): boolean {
  if (finding.anchor === '' || currentPath === null || hasLine === undefined) return false;
  return !hasLine(currentPath, finding.anchor);
}
