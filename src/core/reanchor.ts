/**
 * Re-anchoring: a finding's identity includes its flagged line, so an edit to that line (`let
 * count = payload.count;` → `let count = payload.count ?? 0;`) gives every finding on it a new
 * identity, and exact matching calls the standing ones introduced. In a file the edit changed,
 * the findings are matched again along the edit's diff (identity/line-map.ts), in stages, each
 * over what the stages before left unpaired:
 *
 * 1. the same identity on the line its base line became: of identical findings on identical
 *    lines, the one that went away is the one whose line the edit changed;
 * 2. the same identity anywhere (moved code, as exact matching pairs it);
 * 3. re-worded: the same flagged line, the message alike but for the text it quotes (a type
 *    changed elsewhere), as pairReworded pairs it;
 * 4. re-anchored: the same check, rule and normalised message, on a line its base line became;
 * 5. re-anchored and re-worded: as 4, the messages alike but for the text they quote.
 *
 * Every stage pairs first with first in position order, one to one: a count that rose on the
 * edited lines leaves the extra finding introduced, and one found outside the lines its base line
 * became stays introduced. Pure: the line maps are made at the edge, only for the files that
 * need them (listReanchorPaths).
 */
import type { Attribution, ReanchoredFinding, ResolvedFinding, RewordedFinding } from './attribute.js';
import { compareStrings, type AnchoredDiagnostic, type Finding } from './diagnostic.js';
import { compareCompletely } from './identity/complete-order.js';
import { fingerprintFindings, makeMessageKey, normalizeMessage, pathNow } from './identity/fingerprint.js';
import { mapLine, type LineMap } from './identity/line-map.js';
import { maskQuotedText } from './identity/type-members.js';

export interface ReanchorInput {
  /** The base findings attribution compared (all of them: those of the mapped files are picked here). */
  before: readonly AnchoredDiagnostic[];
  /** Base path → current path for files renamed since the baseline. */
  renames: ReadonlyMap<string, string>;
  /** Current path → what its base lines became: the files the edit changed that need one. */
  lineMaps: ReadonlyMap<string, LineMap>;
  /** Whether the current tree's file at `path` still has a line whose folded text is `anchor`. */
  hasLine?: ((path: string, anchor: string) => boolean) | undefined;
}

/**
 * The current paths whose findings matching along the edit's diff could pair differently: a
 * finding introduced beside one resolved of the same check and rule (the edit may have changed
 * their line), or an introduced or resolved occurrence beyond the first of its identity
 * (identical findings stand beside it, and which of them came or went is a question of lines);
 * and those with a finding resolved whose line text is gone, which only the diff tells removed
 * from changed. Sorted; only findings with a flagged line count.
 */
export function listReanchorPaths(attribution: Attribution, renames: ReadonlyMap<string, string>): string[] {
  const paths = new Set<string>();
  const rules = new Set<string>();
  for (const finding of attribution.resolved) {
    const path = pathNow(finding.path, renames);
    if (path === null || finding.anchor === '') continue;
    rules.add(JSON.stringify([path, finding.tool, finding.code]));
    if (finding.lineDeleted || isRepeatedOccurrence(finding.fingerprint)) paths.add(path);
  }
  for (const finding of attribution.introduced) {
    if (finding.path === null || finding.anchor === '') continue;
    if (
      isRepeatedOccurrence(finding.fingerprint) ||
      rules.has(JSON.stringify([finding.path, finding.tool, finding.code]))
    )
      paths.add(finding.path);
  }
  return [...paths].sort(compareStrings);
}

/**
 * The attribution with the findings of each mapped file matched again along the edit's diff
 * (the stages above); the other files' findings are left as they are. Every list stays in
 * position order.
 */
export function reanchorAttribution(attribution: Attribution, input: ReanchorInput): Attribution {
  if (input.lineMaps.size === 0) return attribution;
  const baseByPath = new Map<string, AnchoredDiagnostic[]>();
  for (const diagnostic of input.before) {
    const path = pathNow(diagnostic.path, input.renames);
    if (path === null || !input.lineMaps.has(path)) continue;
    (baseByPath.get(path) ?? baseByPath.set(path, []).get(path)!).push(diagnostic);
  }
  let { introduced, resolved, standing } = attribution;
  let reworded = attribution.reworded ?? [];
  let reanchored = attribution.reanchored ?? [];
  const baseFingerprints = { ...attribution.baseFingerprints };
  for (const [path, map] of [...input.lineMaps].sort(([a], [b]) => compareStrings(a, b))) {
    // Identities are per file (the path is part of the hash), so the file's own findings give the same fingerprints.
    const baseDiagnostics = baseByPath.get(path) ?? [];
    const base = fingerprintFindings(baseDiagnostics, () => path);
    const current = [...findSegment(standing, path), ...findSegment(introduced, path)].sort(compareCompletely);
    if (base.length === 0) continue;
    const matched = matchAlongDiff(base, current, map, path, input.hasLine);
    introduced = replaceSegment(introduced, path, matched.introduced);
    standing = replaceSegment(standing, path, matched.standing);
    // Resolved findings keep their base path (one per current path: renames pair files one to one).
    resolved = replaceSegment(resolved, baseDiagnostics[0]!.path!, matched.resolved);
    reworded = [...reworded.filter((finding) => finding.path !== path), ...matched.reworded].sort(compareCompletely);
    reanchored = [...reanchored.filter((finding) => finding.path !== path), ...matched.reanchored].sort(
      compareCompletely,
    );
    for (const finding of current) Reflect.deleteProperty(baseFingerprints, finding.fingerprint);
    Object.assign(baseFingerprints, matched.baseFingerprints);
  }
  return { ...attribution, introduced, resolved, standing, reworded, reanchored, baseFingerprints };
}

/** The result of matching one file's base and current findings along its diff. */
interface FileMatch {
  introduced: Finding[];
  standing: Finding[];
  resolved: ResolvedFinding[];
  reworded: RewordedFinding[];
  reanchored: ReanchoredFinding[];
  baseFingerprints: Record<string, string>;
}

const exactAlong = 1;
const exactAnywhere = 2;
const rewordedAnywhere = 3;
const reanchoredAlong = 4;
const reanchoredReworded = 5;

function matchAlongDiff(
  base: readonly Finding[],
  current: readonly Finding[],
  map: LineMap,
  path: string,
  hasLine: ReanchorInput['hasLine'],
): FileMatch {
  const state = makePairingState(base.length, current.length);
  const along: AlongDiff = {
    map,
    baseLines: (index) => (base[index]!.line >= 1 ? [base[index]!.line] : []),
    currentLine: (index) => current[index]!.line,
  };
  const exact = (finding: Finding) => stripOccurrence(finding.fingerprint);
  const reworded = (finding: Finding) => makeRewordKey(finding, path);
  const message = (finding: Finding) =>
    finding.anchor === '' ? null : makeMessageKey(finding.tool, finding.code, finding.message);
  const masked = (finding: Finding) => makeMaskedMessageKey(finding);
  const stages: [number, (finding: Finding) => string | null, AlongDiff | undefined][] = [
    [exactAlong, exact, along],
    [exactAnywhere, exact, undefined],
    [rewordedAnywhere, reworded, undefined],
    [reanchoredAlong, message, along],
    [reanchoredReworded, masked, along],
  ];
  for (const [stage, keyOf, diff] of stages)
    pairStage(
      state,
      stage,
      (index) => keyOf(base[index]!),
      (index) => keyOf(current[index]!),
      diff,
    );

  const match: FileMatch = {
    introduced: [],
    standing: [],
    resolved: [],
    reworded: [],
    reanchored: [],
    baseFingerprints: {},
  };
  current.forEach((finding, index) => {
    const partner = state.current[index]!;
    if (partner === -1) {
      match.introduced.push(finding);
      return;
    }
    match.standing.push(finding);
    const before = base[partner]!;
    if (before.fingerprint !== finding.fingerprint) match.baseFingerprints[finding.fingerprint] = before.fingerprint;
    const stage = state.stage[partner]!;
    if (stage === rewordedAnywhere || stage === reanchoredReworded)
      match.reworded.push({ ...finding, before: { message: before.message, fingerprint: before.fingerprint } });
    if (stage === reanchoredAlong || stage === reanchoredReworded)
      match.reanchored.push({
        ...finding,
        before: { fingerprint: before.fingerprint, message: before.message, line: before.line },
      });
  });
  base.forEach((finding, index) => {
    if (state.base[index] !== -1) return;
    match.resolved.push({ ...finding, lineDeleted: isLineRemoved(finding, path, map, hasLine) });
  });
  return match;
}

/**
 * Gone with its line: the text is nowhere in the file any more, and the edit removed lines where
 * it was (its hunk has fewer new lines than old). A line the edit only changed, or split, was not
 * removed: the finding went away with the change.
 */
function isLineRemoved(finding: Finding, path: string, map: LineMap, hasLine: ReanchorInput['hasLine']): boolean {
  if (finding.anchor === '' || hasLine === undefined || hasLine(path, finding.anchor)) return false;
  return finding.line < 1 || mapLine(map, finding.line).shrank;
}

/** Who is paired with whom: per base and per current finding, the other side's index, or -1. */
export interface PairingState {
  base: Int32Array;
  current: Int32Array;
  /** Per base finding, the stage that paired it (0: none). */
  stage: Uint8Array;
}

export function makePairingState(baseCount: number, currentCount: number): PairingState {
  return {
    base: new Int32Array(baseCount).fill(-1),
    current: new Int32Array(currentCount).fill(-1),
    stage: new Uint8Array(baseCount),
  };
}

/** Where pairing along the diff looks: the base lines a base finding may be on, and each current finding's line. */
export interface AlongDiff {
  map: LineMap;
  /** The base lines the finding at this index may be on (several when only its text is known); none when it has no line. */
  baseLines: (index: number) => readonly number[];
  currentLine: (index: number) => number;
}

/**
 * One stage: unpaired base and current findings with the same key pair, first with first in
 * index order; with `along`, only a current finding on a line one of the base finding's lines
 * became. A null key takes no part.
 */
export function pairStage(
  state: PairingState,
  stage: number,
  baseKey: (index: number) => string | null,
  currentKey: (index: number) => string | null,
  along?: AlongDiff,
): void {
  const waiting = new Map<string, number[]>();
  for (let index = 0; index < state.current.length; index += 1) {
    if (state.current[index] !== -1) continue;
    const key = currentKey(index);
    if (key !== null) (waiting.get(key) ?? waiting.set(key, []).get(key)!).push(index);
  }
  if (waiting.size === 0) return;
  for (let index = 0; index < state.base.length; index += 1) {
    if (state.base[index] !== -1) continue;
    const key = baseKey(index);
    const candidates = key === null ? undefined : waiting.get(key);
    if (candidates === undefined || candidates.length === 0) continue;
    const at = along === undefined ? 0 : findAlongDiff(candidates, along, index);
    if (at === -1) continue;
    const partner = candidates.splice(at, 1)[0]!;
    state.base[index] = partner;
    state.current[partner] = index;
    state.stage[index] = stage;
  }
}

function findAlongDiff(candidates: readonly number[], along: AlongDiff, index: number): number {
  for (const line of along.baseLines(index)) {
    const { start, end } = mapLine(along.map, line);
    const at = candidates.findIndex((candidate) => {
      const currentLine = along.currentLine(candidate);
      return currentLine >= start && currentLine < end;
    });
    if (at !== -1) return at;
  }
  return -1;
}

/**
 * What a re-worded finding keeps: check, rule, file, flagged line and the message with its quoted
 * text blanked. Null for a finding with no flagged line or a message that quotes nothing.
 */
export function makeRewordKey(finding: AnchoredDiagnostic, path: string | null): string | null {
  if (finding.anchor === '' || path === null) return null;
  const masked = maskMessage(finding.message);
  return masked === null ? null : JSON.stringify([finding.tool, finding.code, path, finding.anchor, masked]);
}

/** makeRewordKey without the file and the line, which re-anchoring compares otherwise. */
export function makeMaskedMessageKey(
  finding: Pick<AnchoredDiagnostic, 'tool' | 'code' | 'message' | 'anchor'>,
): string | null {
  if (finding.anchor === '') return null;
  const masked = maskMessage(finding.message);
  return masked === null ? null : JSON.stringify([finding.tool, finding.code, masked]);
}

/** The normalised message with its quoted text blanked; null when it quotes nothing. */
function maskMessage(message: string): string | null {
  const normalized = normalizeMessage(message);
  const masked = maskQuotedText(normalized);
  return masked === normalized ? null : masked;
}

function stripOccurrence(fingerprint: string): string {
  const hash = fingerprint.indexOf('#');
  return hash === -1 ? fingerprint : fingerprint.slice(0, hash);
}

/** `<hash>#<n>` with n above 1: an identity that occurs more than once in its file. */
function isRepeatedOccurrence(fingerprint: string): boolean {
  return !fingerprint.endsWith('#1');
}

/** The findings of `path` in a list in position order (they lie together). */
function findSegment<T extends { path: string | null }>(list: readonly T[], path: string): T[] {
  const [start, end] = findSegmentBounds(list, path);
  return list.slice(start, end);
}

/** The list with the findings of `path` replaced by `segment` (in position order), where they lie or would. */
function replaceSegment<T extends { path: string | null }>(
  list: readonly T[],
  path: string,
  segment: readonly T[],
): T[] {
  const [start, end] = findSegmentBounds(list, path);
  return [...list.slice(0, start), ...segment, ...list.slice(end)];
}

function findSegmentBounds(list: readonly { path: string | null }[], path: string): [number, number] {
  const firstAt = (isPast: (order: number) => boolean) => {
    let low = 0;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const other = list[middle]!.path;
      if (isPast(other === null ? -1 : compareStrings(other, path))) high = middle;
      else low = middle + 1;
    }
    return low;
  };
  return [firstAt((order) => order >= 0), firstAt((order) => order > 0)];
}
