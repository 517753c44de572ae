/**
 * Echo groups: one cause at many sites. A renamed field fails every expression that reads it,
 * and each failure is the same finding in another place; an agent should read that cause once,
 * with its sites, not forty times. Two kinds of group:
 * - a member cause: findings that name the same member of the same type, declared in a file the
 *   patch changed, whatever their codes (read, written, missing: see member-causes.ts);
 * - otherwise the same tool, code and normalised message (numbers and whitespace folded, as
 *   fingerprints do).
 * A group also counts its sites that wait in withheld files (downstream of the shown roots, or
 * queued), so the agent knows the cause reaches further without being handed those sites yet:
 * they may vanish with the upstream fix.
 */
import { compareStrings } from '../diagnostic.js';
import type { Diagnostic, Severity } from '../diagnostic.js';
import { normalizeMessage } from '../identity/fingerprint.js';
import type { Declaration, DeclarationFinder } from './declarations.js';
import { readMemberCause } from './member-causes.js';
import type { DeclarationChange } from './causes.js';
import type { DeclarationRef } from '../declaration-table.js';

/** A changed declaration as a report states it: kind, qualified name, file, line, and its text before and after. */
export type CauseChange = Omit<DeclarationChange, 'declarationKind'>;

export interface EchoGroup {
  tool: string;
  /** The first site's code. */
  code: string;
  /** Every code among the sites, in the order they first appear; one for a plain echo group. */
  codes: string[];
  /** The first site's severity. */
  severity: Severity;
  /** The first site's message, or its normalised form (numbers as `N`) when the sites' messages differ only in numbers. */
  message: string;
  /** How many shown findings the group stands for; at least 2, or 1 when more sites wait in withheld files. */
  sites: number;
  /** How many files those sites are in. */
  files: number;
  /** The first `maxListedSites` sites as `path:line:col`, in shown order; all of them when there are no more. */
  listed: string[];
  /** A symbol the message names that is declared in a file the patch changed. */
  declared?: Declaration;
  /**
   * For a cause: the declaration the sites depend on. A change the type checker traced
   * (causes.ts) has `change`, with the declaration's qualified name split into `symbol` (its
   * container, or itself at top level) and `member`. Without a type checker's trace (TypeScript 7),
   * a member cause read from the compiler's wording has `symbol` and `member` only.
   */
  cause?: { symbol: string; member?: string; change?: CauseChange };
  /** Sites of the same group among the withheld findings, and their files (sorted); absent when none. */
  pending?: { sites: number; files: string[] };
  /**
   * For a traced cause: those of its sites (among `listed`, after the others) it reaches through
   * other declarations rather than being read there, which may clear once the others are fixed:
   * how many, their files (in order) with a count each, and the declarations nearest them, most
   * findings first.
   */
  reached?:
    { sites: number; files: string[]; counts: number[]; through: DeclarationRef[]; listed: string[] } | undefined;
  /**
   * The fingerprints of the shown findings in the group, for the text renderer to find them; not
   * in the JSON report (each shown finding has its fingerprint, each group its listed sites).
   */
  members?: string[];
}

/** Every site of a cause in the shown files is listed: the ring of an import cycle is at most 50 files. */
export const maxListedSites = 500;

/** The grouping key of plain echo groups: tool, code, normalised message. */
export function makeEchoKey(finding: Pick<Diagnostic, 'tool' | 'code' | 'message'>): string {
  return JSON.stringify([finding.tool, finding.code, normalizeMessage(finding.message)]);
}

/** `path:line:col`, the compact form of a site. */
export function formatSite(finding: Diagnostic): string {
  return `${finding.path}:${finding.line}:${finding.column}`;
}

type Member = Diagnostic & { fingerprint?: string };

/**
 * The groups of shown findings with a file, in the order their first site is shown: two or more
 * shown sites, or one shown site of a member cause with more sites among `withheld`. Findings
 * without a file are never grouped: they have no site to list.
 */
export function makeEchoGroups(
  shown: readonly Member[],
  findDeclaration: DeclarationFinder = () => undefined,
  withheld: readonly Diagnostic[] = [],
): EchoGroup[] {
  const keyOf = makeGroupKeyer(findDeclaration);
  const members = new Map<string, Member[]>();
  for (const finding of shown) {
    if (finding.path === null) continue;
    const key = keyOf(finding).key;
    const group = members.get(key);
    if (group === undefined) members.set(key, [finding]);
    else group.push(finding);
  }
  const pending = new Map<string, Diagnostic[]>();
  for (const finding of withheld) {
    if (finding.path === null) continue;
    const key = keyOf(finding).key;
    if (!members.has(key)) continue;
    const group = pending.get(key);
    if (group === undefined) pending.set(key, [finding]);
    else group.push(finding);
  }
  const groups: EchoGroup[] = [];
  for (const [key, sites] of members) {
    const waiting = pending.get(key) ?? [];
    const grouping = keyOf(sites[0]!);
    if (sites.length > 1 || (grouping.cause !== undefined && waiting.length > 0))
      groups.push(makeEchoGroup(sites, waiting, grouping, findDeclaration));
  }
  return groups;
}

interface Grouping {
  key: string;
  cause?: { symbol: string; member: string; declared: Declaration };
}

/** A member cause's key when the type is declared in a changed file, else the plain echo key. */
function makeGroupKeyer(findDeclaration: DeclarationFinder): (finding: Diagnostic) => Grouping {
  return (finding) => {
    const cause = readMemberCause(finding);
    const declared = cause === undefined ? undefined : findDeclaration(`'${cause.symbol}'`);
    if (cause === undefined || declared?.name !== cause.symbol) return { key: makeEchoKey(finding) };
    return {
      key: JSON.stringify([finding.tool, 'member', declared.path, cause.symbol, cause.member]),
      cause: { ...cause, declared },
    };
  };
}

/** The key of a finding's member cause (see makeEchoGroups), or undefined when it states none in a changed file. */
export function makeMemberCauseKeyer(findDeclaration: DeclarationFinder): (finding: Diagnostic) => string | undefined {
  const keyOf = makeGroupKeyer(findDeclaration);
  return (finding) => {
    const grouping = keyOf(finding);
    return grouping.cause === undefined ? undefined : grouping.key;
  };
}

function makeEchoGroup(
  sites: readonly Member[],
  waiting: readonly Diagnostic[],
  grouping: Grouping,
  findDeclaration: DeclarationFinder,
): EchoGroup {
  const first = sites[0]!;
  const sameMessage = sites.every((site) => site.message === first.message);
  const message = sameMessage || grouping.cause !== undefined ? first.message : normalizeMessage(first.message);
  const declared = grouping.cause?.declared ?? findDeclaration(message);
  const group: EchoGroup = {
    tool: first.tool,
    code: first.code,
    codes: [...new Set(sites.map((site) => site.code))],
    severity: first.severity,
    message,
    sites: sites.length,
    files: new Set(sites.map((site) => site.path)).size,
    listed: sites.slice(0, maxListedSites).map(formatSite),
    members: sites.flatMap((site) => (site.fingerprint === undefined ? [] : [site.fingerprint])),
  };
  if (declared !== undefined) group.declared = declared;
  if (grouping.cause !== undefined) group.cause = { symbol: grouping.cause.symbol, member: grouping.cause.member };
  if (waiting.length > 0)
    group.pending = {
      sites: waiting.length,
      files: [...new Set(waiting.map((site) => site.path!))].sort(compareStrings),
    };
  return group;
}

/**
 * One group per change the shown findings trace to, in the order its first site is shown: every
 * site of the change, whatever its code, message or file, listed whole (a site fails until it or
 * the declaration changes, so none of them is an echo to hold back).
 */
export function makeCauseGroups<T extends Member>(
  shown: readonly T[],
  changeOf: (finding: T) => DeclarationChange | undefined,
  isReached: (finding: T) => boolean = () => false,
  throughOf: (finding: T) => DeclarationRef | undefined = () => undefined,
): EchoGroup[] {
  const sitesOf = new Map<DeclarationChange, T[]>();
  for (const finding of shown) {
    const change = finding.path === null ? undefined : changeOf(finding);
    if (change === undefined) continue;
    const sites = sitesOf.get(change);
    if (sites === undefined) sitesOf.set(change, [finding]);
    else sites.push(finding);
  }
  return [...sitesOf].map(([change, sites]) => {
    const first = sites[0]!;
    const { declarationKind: _kind, ...stated } = change;
    const dot = change.symbol.lastIndexOf('.');
    const reached = sites.filter(isReached);
    return {
      reached: reached.length === 0 ? undefined : summarizeReached(reached, throughOf),
      tool: first.tool,
      code: first.code,
      codes: [...new Set(sites.map((site) => site.code))],
      severity: sites.some((site) => site.severity === 'error') ? 'error' : first.severity,
      message: first.message,
      sites: sites.length,
      files: new Set(sites.map((site) => site.path)).size,
      listed: sites.map(formatSite),
      declared: { name: change.symbol, path: change.path, line: change.line },
      cause:
        dot === -1
          ? { symbol: change.symbol, change: stated }
          : { symbol: change.symbol.slice(0, dot), member: change.symbol.slice(dot + 1), change: stated },
      members: sites.flatMap((site) => (site.fingerprint === undefined ? [] : [site.fingerprint])),
    };
  });
}

/** Sites a cause reaches through other declarations: counted by file, and the declarations they come through. */
function summarizeReached<T extends Member>(
  findings: readonly T[],
  throughOf: (finding: T) => DeclarationRef | undefined,
): NonNullable<EchoGroup['reached']> {
  const perFile = new Map<string, number>();
  for (const finding of findings) perFile.set(finding.path!, (perFile.get(finding.path!) ?? 0) + 1);
  const through = new Map<string, { ref: DeclarationRef; count: number }>();
  for (const finding of findings) {
    const ref = throughOf(finding);
    if (ref === undefined) continue;
    const key = `${ref.path}\0${ref.name}`;
    const known = through.get(key);
    if (known === undefined) through.set(key, { ref, count: 1 });
    else known.count += 1;
  }
  return {
    sites: findings.length,
    files: [...perFile.keys()],
    counts: [...perFile.values()],
    through: [...through.values()].sort((a, b) => b.count - a.count).map(({ ref }) => ref),
    listed: findings.map(formatSite),
  };
}
