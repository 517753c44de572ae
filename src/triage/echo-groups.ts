/**
 * Echo groups: one error at many sites. A renamed field fails every expression that reads it,
 * and each failure is the same finding in another place; an agent should read that message
 * once, with its sites, not forty times. Findings group by tool, code and normalised message
 * (numbers and whitespace folded, as fingerprints do).
 */
import type { Diagnostic, Severity } from '../diagnostic.js';
import { normalizeMessage } from '../fingerprint.js';
import type { Declaration, DeclarationFinder } from './declarations.js';

export interface EchoGroup {
  tool: string;
  code: string;
  /** The first site's severity. */
  severity: Severity;
  /** The message, or its normalised form (numbers as `N`) when the sites' messages differ in numbers. */
  message: string;
  /** How many shown findings share tool, code and normalised message; always at least 2. */
  sites: number;
  /** How many files those sites are in. */
  files: number;
  /** The first `maxListedSites` sites as `path:line:col`, in shown order; all of them when there are no more. */
  listed: string[];
  /** A symbol the message names that is declared in a file the patch changed. */
  declared?: Declaration;
}

/** Enough for one ring of an import cycle (triage shows at most 50 files of one) at one site per file. */
export const maxListedSites = 50;

/** The grouping key: tool, code, normalised message. */
export function makeEchoKey(finding: Pick<Diagnostic, 'tool' | 'code' | 'message'>): string {
  return JSON.stringify([finding.tool, finding.code, normalizeMessage(finding.message)]);
}

/** `path:line:col`, the compact form of a site. */
export function formatSite(finding: Diagnostic): string {
  return `${finding.path}:${finding.line}:${finding.column}`;
}

/**
 * The groups of two or more shown findings with a file, in the order their first site is shown.
 * Findings without a file are never grouped: they have no site to list.
 */
export function makeEchoGroups(shown: readonly Diagnostic[], findDeclaration: DeclarationFinder = () => undefined): EchoGroup[] {
  const members = new Map<string, Diagnostic[]>();
  for (const finding of shown) {
    if (finding.path === null) continue;
    const key = makeEchoKey(finding);
    const group = members.get(key);
    if (group === undefined) members.set(key, [finding]);
    else group.push(finding);
  }
  return [...members.values()].filter((sites) => sites.length > 1).map((sites) => makeEchoGroup(sites, findDeclaration));
}

function makeEchoGroup(sites: readonly Diagnostic[], findDeclaration: DeclarationFinder): EchoGroup {
  const first = sites[0]!;
  const message = sites.every((site) => site.message === first.message) ? first.message : normalizeMessage(first.message);
  const declared = findDeclaration(message);
  const group: EchoGroup = {
    tool: first.tool,
    code: first.code,
    severity: first.severity,
    message,
    sites: sites.length,
    files: new Set(sites.map((site) => site.path)).size,
    listed: sites.slice(0, maxListedSites).map(formatSite),
  };
  return declared === undefined ? group : { ...group, declared };
}
