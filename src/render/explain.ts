/**
 * `explain`: the findings a check withheld, on request. Asked about a file in a root unit, it
 * lists what is withheld behind that root: the unit's own findings not shown (queued for a later
 * attempt, non-editable, below the ladder's rung) and those in every file that imports it,
 * directly or not (likely echoes). Asked about any other file, it lists that file's withheld
 * findings and the root files it depends on. Pure: it reads the last check's result.
 */
import type { Attribution } from '../core/attribute.js';
import { compareByPosition } from '../core/diagnostic.js';
import type { ModuleGraph } from '../core/graph/module-graph.js';
import { makeShownFinding, type Report, type ReportRoot, type ShownFinding } from '../core/report/report.js';
import { countOf } from './wording.js';
import { escapeControls } from './escape-controls.js';

export interface ExplainInput {
  report: Report;
  attribution: Attribution;
  graph: ModuleGraph;
  /** Repository-relative POSIX path. */
  file: string;
}

export interface ExplainedFinding extends ShownFinding {
  /** Why findings in its file were withheld: the report's `withheld.reasons` that name the file. */
  withheldAs: string[];
}

export interface Explanation {
  file: string;
  /** The root unit the file belongs to, or null when it is not part of one. */
  root: ReportRoot | null;
  /** For a file outside the root units: the root files it imports, directly or not. */
  dependsOnRoots: string[];
  /** Withheld findings: of the root unit and the files behind it, or of the file; unit first. */
  findings: ExplainedFinding[];
  /** How many of the file's own findings the check showed. */
  shownInFile: number;
}

export function explainFile({ report, attribution, graph, file }: ExplainInput): Explanation {
  const shownKeys = new Set(report.shown.map((finding) => finding.fingerprint));
  const root = report.roots.find((unit) => unit.files.includes(file)) ?? null;
  const rootFiles = new Set(report.roots.flatMap((unit) => unit.files));
  const scope = root === null ? new Set([file]) : new Set([...root.files, ...findImporters(graph, root.files)]);
  const inUnit = new Set(root?.files ?? [file]);
  const reasonsOf = listReasonsByFile(report);

  const findings = attribution.introduced
    .filter((finding) => finding.path !== null && scope.has(finding.path) && !shownKeys.has(finding.fingerprint))
    .sort((a, b) => Number(!inUnit.has(a.path!)) - Number(!inUnit.has(b.path!)) || compareByPosition(a, b))
    .map((finding) => ({ ...makeShownFinding(finding), withheldAs: reasonsOf.get(finding.path!) ?? [] }));
  return {
    file,
    root,
    dependsOnRoots: root === null ? findImported(graph, file).filter((path) => rootFiles.has(path)) : [],
    findings,
    shownInFile: report.shown.filter((finding) => finding.path === file).length,
  };
}

function listReasonsByFile(report: Report): Map<string, string[]> {
  const reasons = new Map<string, string[]>();
  for (const [reason, part] of Object.entries(report.withheld.reasons)) {
    for (const file of part.files) reasons.set(file, [...(reasons.get(file) ?? []), reason]);
  }
  return reasons;
}

/** Every file that imports one of `files`, directly or through others; sorted. */
function findImporters(graph: ModuleGraph, files: readonly string[]): string[] {
  const importersOf = new Map<string, string[]>();
  for (const [from, targets] of graph.imports) {
    for (const target of targets) importersOf.set(target, [...(importersOf.get(target) ?? []), from]);
  }
  return walk(files, (file) => importersOf.get(file) ?? []);
}

/** Every file `file` imports, directly or through others; sorted. */
function findImported(graph: ModuleGraph, file: string): string[] {
  return walk([file], (path) => graph.imports.get(path) ?? []);
}

function walk(start: readonly string[], next: (file: string) => readonly string[]): string[] {
  const seen = new Set(start);
  const queue = [...start];
  const found = new Set<string>();
  while (queue.length > 0) {
    for (const neighbour of next(queue.pop()!)) {
      if (seen.has(neighbour)) continue;
      seen.add(neighbour);
      found.add(neighbour);
      queue.push(neighbour);
    }
  }
  return [...found].sort();
}

export interface ExplainTextOptions {
  outputLimit: number;
  sourceLines: (path: string) => readonly string[] | undefined;
}

/** The explanation as the agent reads it: one sentence of context, then the findings like the payload's. */
export function renderExplanation(explanation: Explanation, options: ExplainTextOptions): string {
  const lead = describeExplanation(explanation);
  const blocks = explanation.findings.map((finding) => renderBlock(finding, options.sourceLines(finding.path!)));
  let text = lead;
  let kept = 0;
  for (const block of blocks) {
    const footerRoom = 120;
    if (text.length + block.length + 2 + footerRoom > options.outputLimit) break;
    text += `\n\n${block}`;
    kept += 1;
  }
  const cut = blocks.length - kept;
  const footer =
    cut > 0 ? `\n\n… ${cut} more cut to stay within the output limit; the structured result lists all of them.` : '';
  return escapeControls(`${text}${footer}\n`.slice(0, Math.max(options.outputLimit, 0)));
}

function describeExplanation({ file, root, dependsOnRoots, findings, shownInFile }: Explanation): string {
  if (root !== null) {
    const unit = root.files.length === 1 ? 'a root cause' : `a root unit (an import cycle: ${root.files.join(', ')})`;
    const state = !root.editable
      ? `that must not be edited by hand. ${root.instruction ?? ''}`.trimEnd()
      : root.selected
        ? 'shown by this check'
        : 'held back for a later attempt (each check shows a few root causes at a time)';
    const own = findings.filter((finding) => root.files.includes(finding.path!)).length;
    const importers = new Set(findings.map((finding) => finding.path!).filter((path) => !root.files.includes(path)));
    const parts: string[] = [];
    if (own > 0) parts.push(`${countOf(own, 'finding')} of its own not shown`);
    if (importers.size > 0) {
      parts.push(
        `${countOf(findings.length - own, 'finding')} in ${countOf(importers.size, 'file')} that ${importers.size === 1 ? 'imports' : 'import'} it (likely echoes, re-checked after the fix)`,
      );
    }
    return `culprit: ${file} is in ${unit} ${state}. ${parts.length === 0 ? 'Nothing is withheld behind it.' : `Withheld behind it: ${parts.join('; ')}.`}`;
  }
  if (findings.length === 0) {
    return shownInFile > 0
      ? `culprit: nothing is withheld in ${file}; check shows its ${countOf(shownInFile, 'finding')}.`
      : `culprit: nothing is withheld in ${file}.`;
  }
  const cause = dependsOnRoots.length === 0 ? 'a root cause elsewhere' : dependsOnRoots.join(', ');
  const echoes =
    findings.length === 1 ? 'finding is likely an echo' : `${findings.length} withheld findings are likely echoes`;
  return `culprit: ${file} is not a root cause. Its ${findings.length === 1 ? 'withheld ' : ''}${echoes} of ${cause}, which it imports; fix that first.`;
}

/** Header like the payload's, with why it was withheld, and the flagged line. */
function renderBlock(finding: ExplainedFinding, lines: readonly string[] | undefined): string {
  const why = finding.withheldAs.length === 0 ? '' : ` [withheld: ${finding.withheldAs.join(', ')}]`;
  const header = `${finding.path}:${finding.line}:${finding.column} ${finding.severity} ${finding.code} ${finding.message}${why}`;
  const flagged = lines?.[finding.line - 1]?.trim();
  return flagged === undefined || flagged === '' ? header : `${header}\n  > ${finding.line} | ${flagged.slice(0, 200)}`;
}
