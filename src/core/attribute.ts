/**
 * Attribution: which findings this patch introduced, which it resolved, and which stood before
 * it. A multiset difference on fingerprints, so the answer depends on what the findings are
 * about and not on line numbers or the order tools reported them in. Two exceptions: a finding
 * re-worded by a type change elsewhere (same check, rule, file and flagged line; only the text
 * it quotes differs) is the same debt, so it stands (see pairReworded); and with the edit's line
 * maps, a finding whose flagged line the edit changed is found again on the line it became
 * (core/reanchor.ts), so it stands too.
 */
import type { AnchoredDiagnostic, Finding } from './diagnostic.js';
import { findRanks } from './identity/complete-order.js';
import { identifyBaseAndCurrent, makeFinding, pathNow } from './identity/fingerprint.js';
import type { LineMap } from './identity/line-map.js';
import { makeRewordKey, reanchorAttribution } from './reanchor.js';

export interface AttributeOptions {
  /** Base path → current path for files renamed or moved since the baseline. */
  renames?: ReadonlyMap<string, string>;
  /** Whether the current tree's file at `path` still has a line whose folded text is `anchor`. */
  hasLine?: (path: string, anchor: string) => boolean;
  /**
   * Each base finding's fingerprint hash under its own path (hashOwnFingerprints), as a stored
   * snapshot keeps them: only the current findings of files whose findings changed are hashed.
   */
  beforeHashes?: readonly string[] | undefined;
  /**
   * Current path → what the edit made of its base lines, for files the edit changed
   * (listReanchorPaths says which need one): their findings are matched again along the diff.
   */
  lineMaps?: ReadonlyMap<string, LineMap> | undefined;
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
  /** In both: the repository's standing debt, not this patch's business. Includes `reworded`. */
  standing: Finding[];
  /**
   * Standing findings whose message changed only in the text it quotes (the types it names),
   * each with its base message. Always set by attribute; optional for attributions built by hand.
   */
  reworded?: RewordedFinding[];
  /**
   * Standing findings whose flagged line the edit changed, found again on the line it became
   * (core/reanchor.ts), each with its base finding. Always set by attribute (empty without line
   * maps); optional for attributions built by hand.
   */
  reanchored?: ReanchoredFinding[];
  /**
   * Current fingerprint → the fingerprint of the base finding it was paired with, for the
   * standing findings whose base finding has another one (re-worded, re-anchored, or one of
   * identical findings paired along the diff); every other standing finding is its own.
   */
  baseFingerprints?: Record<string, string>;
}

/** A current finding paired with a base finding that said the same about other types. */
export interface RewordedFinding extends Finding {
  /** The base finding's message and fingerprint. */
  before: { message: string; fingerprint: string };
}

/** A current finding paired with a base finding on a line the edit changed into this finding's line. */
export interface ReanchoredFinding extends Finding {
  /** The base finding: its fingerprint, message and line in the base tree. */
  before: { fingerprint: string; message: string; line: number };
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
  const introducedRanks: number[] = [];
  current.order.forEach((_, rank) => {
    if (current.occurrences[rank]! > base.countOf(current.numbers[rank]!)) introducedRanks.push(rank);
  });
  const resolvedRanks: number[] = [];
  base.order.forEach((_, rank) => {
    if (base.occurrences[rank]! > current.countOf(base.numbers[rank]!)) resolvedRanks.push(rank);
  });
  const pairs = pairReworded(
    introducedRanks.map((rank) => after[current.order[rank]!]!),
    resolvedRanks.map((rank) => before[base.order[rank]!]!),
    renames,
  );
  const rewordedOf = new Map<number, number>();
  for (const [introducedIndex, resolvedIndex] of pairs)
    rewordedOf.set(introducedRanks[introducedIndex]!, resolvedRanks[resolvedIndex]!);
  const pairedBase = new Set(rewordedOf.values());

  const introduced: Finding[] = [];
  const standing: Finding[] = [];
  const reworded: RewordedFinding[] = [];
  const baseFingerprints: Record<string, string> = {};
  current.order.forEach((index, rank) => {
    const finding = findings[index]!;
    const baseRank = rewordedOf.get(rank);
    if (baseRank !== undefined) {
      const baseFinding = makeFinding(before[base.order[baseRank]!]!, base, baseRank);
      reworded.push({ ...finding, before: { message: baseFinding.message, fingerprint: baseFinding.fingerprint } });
      baseFingerprints[finding.fingerprint] = baseFinding.fingerprint;
      standing.push(finding);
    } else if (current.occurrences[rank]! > base.countOf(current.numbers[rank]!)) introduced.push(finding);
    else standing.push(finding);
  });
  const resolved: ResolvedFinding[] = [];
  for (const rank of resolvedRanks) {
    if (pairedBase.has(rank)) continue;
    const finding = makeFinding(before[base.order[rank]!]!, base, rank);
    resolved.push({ ...finding, lineDeleted: isLineDeleted(finding, pathNow(finding.path, renames), options.hasLine) });
  }
  const attribution = { introduced, resolved, standing, reworded, reanchored: [], baseFingerprints };
  if (options.lineMaps === undefined || options.lineMaps.size === 0) return attribution;
  return reanchorAttribution(attribution, { before, renames, lineMaps: options.lineMaps, hasLine: options.hasLine });
}

/**
 * Pairs introduced findings with resolved ones that say the same thing about other types: the
 * same check, rule, file (its current path) and flagged line, and messages alike once the text
 * they quote is blanked. A type change re-words the standing findings that name the type
 * without adding or removing any. Pairs are one to one, first with first, so a second finding
 * of that rule on that line, or one of another rule, stays introduced. Findings with no flagged
 * line are never paired: nothing but the message would tie them. Returns index pairs into the
 * two lists.
 */
export function pairReworded(
  introduced: readonly AnchoredDiagnostic[],
  resolved: readonly AnchoredDiagnostic[],
  renames: ReadonlyMap<string, string> = new Map(),
): [number, number][] {
  if (introduced.length === 0 || resolved.length === 0) return [];
  const waiting = new Map<string, number[]>();
  resolved.forEach((finding, index) => {
    const key = makeRewordKey(finding, pathNow(finding.path, renames));
    if (key !== null) (waiting.get(key) ?? waiting.set(key, []).get(key)!).push(index);
  });
  const pairs: [number, number][] = [];
  introduced.forEach((finding, index) => {
    const key = makeRewordKey(finding, finding.path);
    const candidates = key === null ? undefined : waiting.get(key);
    const partner = candidates?.shift();
    if (partner !== undefined) pairs.push([index, partner]);
  });
  return pairs;
}

function isLineDeleted(finding: Finding, currentPath: string | null, hasLine: AttributeOptions['hasLine']): boolean {
  if (finding.anchor === '' || currentPath === null || hasLine === undefined) return false;
  return !hasLine(currentPath, finding.anchor);
}
