/**
 * The `oxlint` check kept warm (warm/warm-sessions.ts runs it after tsc). oxlint keeps nothing
 * between runs, so the session keeps the last run's findings per linted file, and a later run
 * lints again only what the edit can change, then answers with those files' new findings and the
 * kept ones of every other file, under the last full run's listing (its coverage):
 *
 * - every file of the listing whose stat changed since it was linted (whatever the hint says), and
 *   the files the caller names;
 * - with type-aware rules, also the files tsc's sessions of the same request found the change can
 *   reach (checks/tsc/lint-reach.ts on TypeScript 5/6, the importers on 7), and every linted file
 *   those sessions did not check (tsc cannot say what reaches it).
 *
 * Anything the session cannot bound is a full run, as cold: the first run (or one from a
 * baseline's run when a cold check hands one: warm/seeds.ts), an unknown hint, a file
 * created or deleted where oxlint lints, a linted file that is not there, a type-aware run without
 * a tsc session before it or whose tsc reach is `all`, configurations with rules that read other
 * files (the import plugin, JS plugins, `extends`, whose rules culprit does not read). A changed
 * .oxlintrc.json, ignore file or oxlint install restarts the worker (the kind's `configFiles`,
 * `packages`). A failed re-lint fails the run, and the worker answers again cold.
 *
 * Type-aware findings are traced to their causes only when new: one of a re-linted file that was
 * there before (same rule, message and line text) keeps what it was traced to.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DeclarationRef } from '../../core/declaration-table.js';
import type { Diagnostic } from '../../core/diagnostic.js';
import type { CheckOutput, CheckRequest } from '../check.js';
import type { TypedPrograms, WarmSeed, WarmShared } from '../check-definition.js';
import type { OxlintOptions } from './index.js';
import { logDebug } from '../../debug/log-debug.js';
import { makeRepoPath } from '../output/repo-path.js';
import { parseJsonc } from '../output/read-jsonc.js';
import { runCommandCheck } from '../runner/command-check.js';
import { isFile, makeFileStates } from '../../tree/file-states.js';
import { makeFolderListings } from '../../tree/folder-listings.js';
import {
  makeOxlintCommand,
  planOxlint,
  readKnownTypeAwareRules,
  traceTypeAwareFindings,
  type OxlintPlan,
} from './adapter.js';
import { findGlobalEdit } from '../typescript/declares-globals.js';
import { collectImporters, invertImports } from '../typescript/import-graph.js';
import { isBodyEditAlone } from '../typescript/body-edit.js';

export interface OxlintSession {
  run(hint: readonly string[] | null, typed: TypedPrograms, seed?: WarmSeed): Promise<CheckOutput>;
}

/** What oxlint lints by default: a created one of these may be linted, so its run is full. */
const lintable = /\.(?:[cm]?[jt]sx?|vue|astro|svelte)$/;

/** The last answer, kept per file. */
interface Held {
  /** The answer, its findings aside. */
  output: Omit<CheckOutput, 'diagnostics'>;
  /** The listing (repository paths) → each file's findings, its suppression findings included. */
  byFile: Map<string, Diagnostic[]>;
  /** Findings of no linted file. */
  other: Diagnostic[];
  /** Per file, each type-aware finding's identity (rule, message, line text) → what it was traced to. */
  traced: Map<string, Map<string, DeclarationRef[] | undefined>>;
}

export function openOxlintSession(request: CheckRequest<OxlintOptions>, shared?: WarmShared): OxlintSession {
  const { root } = request;
  const plan = planOxlint(root, request.options.workTree);
  const toRepoPath = makeRepoPath(root);
  const crossFile = readCrossFileReason(root);
  // oxlint reads a changed file after it is reported: its content then decides the next look (file-states.ts).
  const documents = makeFileStates({ stats: shared?.stats, hashChanged: true });
  const folders = makeFolderListings(root);
  let held: Held | undefined;

  const keep = (next: Held) => {
    held = next;
    // Stat'ing every linted file and listing its folder is for the next run's comparison (~800 files on the bench).
    if (shared?.once === true) return;
    for (const path of next.byFile.keys()) {
      const absolute = join(root, path);
      if (!documents.has(absolute)) {
        documents.record(absolute);
        folders.watchFileFolder(absolute);
      }
    }
  };

  const runFull = async (): Promise<CheckOutput> => {
    held = undefined;
    // Everything is read now: what changed before this run is in it. Taken before oxlint reads the
    // files, so a content recorded is one it read or an older one (never newer: file-states.ts).
    documents.takeChanged();
    folders.takeAdded();
    const output = await runCommandCheck(makeOxlintCommand(plan), request);
    const traced = await traceTypeAwareFindings(request, plan, output, output.diagnostics);
    if (output.checkedPaths !== undefined) keep(makeHeld(traced, readText(root), plan));
    return traced;
  };

  /** Repository paths to lint again, or `all`. */
  const findRelint = (hint: readonly string[] | null, typed: TypedReach | 'all', since: Held): Set<string> | 'all' => {
    if (hint === null || crossFile !== undefined) return 'all';
    if (folders.takeAdded().some((path) => lintable.test(path))) return 'all';
    const relint = new Set<string>();
    for (const absolute of new Set([...hint, ...documents.takeChanged()])) {
      const path = toRepoPath(absolute);
      if (since.byFile.has(path)) {
        if (!isFile(absolute)) return 'all';
        relint.add(path);
      } else if (lintable.test(path) && isFile(absolute)) return 'all';
    }
    if (!plan.mode.typeAware) return relint;
    const reach = findTypeAwareReach(typed, since, toRepoPath);
    if (reach === 'all') return 'all';
    for (const path of reach) relint.add(path);
    return relint;
  };

  const relint = async (paths: readonly string[], since: Held): Promise<CheckOutput> => {
    const partial = await runCommandCheck(
      makeOxlintCommand(plan, { listFiles: false, readStrength: since.output.strength === undefined }),
      {
        ...request,
        options: { ...request.options, targets: [...paths] },
      },
    );
    const byFile = new Map(since.byFile);
    const fresh = groupByPath(partial.diagnostics, new Set(paths));
    const untraced: Diagnostic[] = [];
    const traced = new Map(since.traced);
    for (const path of paths) {
      const findings = fresh.byFile.get(path) ?? [];
      byFile.set(path, findings);
      const before = since.traced.get(path);
      const lines = readLines(readText(root)(path));
      for (const finding of findings) {
        if (!plan.typeAwareRules.has(finding.code)) continue;
        const key = makeTraceKey(finding, lines);
        if (before?.has(key) === true) {
          const dependsOn = before.get(key);
          if (dependsOn !== undefined) finding.dependsOn = dependsOn;
        } else untraced.push(finding);
      }
      traced.set(path, readTraced(findings, lines, plan));
    }
    const merged: Held = {
      // The configuration is read again with every run (a seed from a stored run has none).
      output: {
        ...since.output,
        version: partial.version ?? since.output.version,
        notes: listNotes(plan),
        configFiles: partial.configFiles,
        strength: partial.strength ?? since.output.strength,
      },
      byFile,
      other: fresh.other,
      traced,
    };
    keep(merged);
    const output = await traceTypeAwareFindings(request, plan, toOutput(merged), untraced);
    return output;
  };

  return {
    async run(hint, typed, seed) {
      let reach = readTypedReach(typed);
      if (held === undefined && seed !== undefined) {
        readKnownTypeAwareRules(plan, root, request.options.workTree);
        const seeded = makeSeededHeld(seed, root, plan, toRepoPath);
        if (seeded !== undefined) {
          keep(seeded);
          documents.takeChanged();
          folders.takeAdded();
          const changed = Object.keys(seed.baseTexts);
          hint = changed;
          // Run apart from tsc (seeded/seeded-runner.ts): the base tree's graph says what tsc's run would.
          if (seed.graph !== undefined && typed.typescriptPath === undefined) reach = await findGraphReach(seed, root);
        }
      }
      if (held === undefined) return runFull();
      const paths = findRelint(hint, reach, held);
      logDebug(
        `oxlint warm: ${paths === 'all' ? 'linting all' : `re-linting ${paths.size}`} of ${held.byFile.size} files`,
      );
      if (paths === 'all') return runFull();
      if (paths.size === 0) return toOutput(held);
      return relint([...paths].sort(), held);
    },
  };
}

/** What the type checker found the change reaches (absolute files), and the repository paths it covered. */
interface TypedReach {
  affected: ReadonlySet<string>;
  checkedPaths: ReadonlySet<string>;
}

/** The reach tsc's sessions of this request found; `all` when none ran before this one, or they redid all. */
function readTypedReach(typed: TypedPrograms): TypedReach | 'all' {
  if (typed.typescriptPath === undefined || typed.checkedPaths === undefined || typed.affected === 'all') return 'all';
  return { affected: typed.affected, checkedPaths: typed.checkedPaths };
}

/**
 * The reach tsc's seeded run would find (checks/tsc/native-seed.ts), from the base tree's graph:
 * the changed files and every file that imports one, however far (an unchanged file resolves its
 * imports as on the base tree; the changed ones' own imports reach no importer), or the changed
 * files alone when each changed only bodies importers cannot see (typescript/body-edit.ts); `all`
 * when a changed file may declare globals, before or now, which no graph bounds.
 */
/**
 * Importers of an edit from which asking whether it is a body edit costs less than linting them
 * again (findGraphReach): on TypeScript 7 the question costs ~50 ms of CPU (its modules and a
 * tsgo process), a type-aware re-lint ~0.65 ms a file (the bench's native repository: 515
 * importers took oxlint's run from ~420 to ~750 ms).
 */
const importersWorthAsking = 64;

async function findGraphReach(seed: WarmSeed, root: string): Promise<TypedReach | 'all'> {
  if (findGlobalEdit(seed.baseTexts) !== undefined) return 'all';
  const { imports, checkedPaths } = seed.graph!;
  const graph = new Map(
    Object.entries(imports).map(([path, targets]) => [join(root, path), targets.map((target) => join(root, target))]),
  );
  const changed = Object.keys(seed.baseTexts);
  const affected = collectImporters(changed, invertImports(graph));
  // Importers see nothing of an edit to bodies behind declared types: the changed files alone.
  const bodyOnly =
    affected.size - changed.length >= importersWorthAsking && (await isBodyEditAlone(root, seed.baseTexts));
  return { affected: bodyOnly ? new Set(changed) : affected, checkedPaths: new Set(checkedPaths) };
}

/** The type-aware reach of this request's change: what the type checker found reachable, and every linted file it did not check. */
function findTypeAwareReach(
  typed: TypedReach | 'all',
  since: Held,
  toRepoPath: (absolute: string) => string,
): Set<string> | 'all' {
  if (typed === 'all') return 'all';
  const reach = new Set<string>();
  for (const absolute of typed.affected) {
    const path = toRepoPath(absolute);
    if (since.byFile.has(path)) reach.add(path);
  }
  for (const path of since.byFile.keys()) if (!typed.checkedPaths.has(path)) reach.add(path);
  return reach;
}

/** A base run's results as the session keeps them, when it has a listing none of whose files git ignores. */
function makeSeededHeld(
  seed: WarmSeed,
  root: string,
  plan: OxlintPlan,
  toRepoPath: (absolute: string) => string,
): Held | undefined {
  const { base } = seed;
  if (base.checkedPaths === undefined || base.version === null) return undefined;
  const ignored = seed.ignoredPaths.map(toRepoPath);
  if (base.checkedPaths.some((path) => ignored.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))))
    return undefined;
  const baseTexts = new Map(Object.entries(seed.baseTexts).map(([absolute, text]) => [toRepoPath(absolute), text]));
  const current = readText(root);
  // The stored findings are copied: a session sets what they are traced to.
  const output: CheckOutput = {
    version: base.version,
    diagnostics: base.diagnostics.map((diagnostic) => ({ ...diagnostic })),
    checkedPaths: base.checkedPaths,
  };
  return makeHeld(output, (path) => baseTexts.get(path) ?? current(path), plan);
}

function makeHeld(output: CheckOutput, textOf: (path: string) => string, plan: OxlintPlan): Held {
  const { diagnostics, ...rest } = output;
  const { byFile, other } = groupByPath(diagnostics, new Set(output.checkedPaths));
  const traced = new Map<string, Map<string, DeclarationRef[] | undefined>>();
  for (const [path, findings] of byFile) {
    if (!findings.some((finding) => plan.typeAwareRules.has(finding.code))) continue;
    traced.set(path, readTraced(findings, readLines(textOf(path)), plan));
  }
  return { output: { ...rest, notes: listNotes(plan) }, byFile, other, traced };
}

/** What culprit says of every run (a type-aware mode it could not honour); a trace's notes are its run's own. */
function listNotes(plan: OxlintPlan): string[] | undefined {
  return plan.notes.length === 0 ? undefined : plan.notes;
}

function toOutput(held: Held): CheckOutput {
  return { ...held.output, diagnostics: [...held.other, ...[...held.byFile.values()].flat()] };
}

/** The findings of each listed file (every listed file, with none or more), and the rest. */
function groupByPath(
  diagnostics: readonly Diagnostic[],
  listing: ReadonlySet<string>,
): { byFile: Map<string, Diagnostic[]>; other: Diagnostic[] } {
  const byFile = new Map<string, Diagnostic[]>([...listing].map((path) => [path, []]));
  const other: Diagnostic[] = [];
  for (const diagnostic of diagnostics) {
    const list = diagnostic.path === null ? undefined : byFile.get(diagnostic.path);
    if (list === undefined) other.push(diagnostic);
    else list.push(diagnostic);
  }
  return { byFile, other };
}

function readTraced(
  findings: readonly Diagnostic[],
  lines: readonly string[],
  plan: OxlintPlan,
): Map<string, DeclarationRef[] | undefined> {
  const traced = new Map<string, DeclarationRef[] | undefined>();
  for (const finding of findings)
    if (plan.typeAwareRules.has(finding.code)) traced.set(makeTraceKey(finding, lines), finding.dependsOn);
  return traced;
}

/** A finding's identity across an edit that moved it: rule, message and the text of its line. */
function makeTraceKey(finding: Diagnostic, lines: readonly string[]): string {
  return `${finding.code}\0${finding.message}\0${lines[finding.line - 1]?.trim() ?? ''}`;
}

function readText(root: string): (path: string) => string {
  return (path) => {
    try {
      return readFileSync(join(root, path), 'utf8');
    } catch {
      return '';
    }
  };
}

function readLines(text: string): string[] {
  return text.split(/\r?\n/);
}

/**
 * Why oxlint's rules may read files other than the one they report on, as .oxlintrc.json says,
 * or undefined: the import plugin, JS plugins, and configurations it extends (not read here).
 */
function readCrossFileReason(root: string): string | undefined {
  let config: unknown;
  try {
    config = parseJsonc(readFileSync(join(root, '.oxlintrc.json'), 'utf8'));
  } catch {
    return undefined;
  }
  const text = JSON.stringify(config);
  if (/"extends"\s*:/.test(text)) return 'extends';
  if (/"jsPlugins"\s*:/.test(text)) return 'jsPlugins';
  if (/"import\/|"plugins"\s*:\s*\[[^\]]*"import"/.test(text)) return 'the import plugin';
  return undefined;
}
