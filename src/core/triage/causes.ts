/**
 * Causes: the declarations the edit changed, and the findings that depend on them. Renaming
 * `RateCard.price` fails every expression that reads it, in every file, at every depth of the
 * import graph; each of those findings is a site of one change, and it fails until the site or
 * the declaration changes. So the change is the root, and all its sites are one entry, shown at
 * once: walking them one graph layer per attempt costs the agent a round per layer.
 *
 * The tables come from the check's type checker on both trees (the baseline snapshot carries its
 * side), and each finding names the declarations its flagged node depends on (`dependsOn`,
 * nearest first), so nothing here reads a message's wording or guesses by name.
 */
import type { DeclarationKind, DeclarationRef, DeclarationRow, DeclarationTables } from '../declaration-table.js';
import type { Diagnostic } from '../diagnostic.js';
import { sortTypeText } from '../identity/type-members.js';

export const changeKinds = ['renamed', 'removed', 'added', 'retyped', 'signature', 'export'] as const;
export type ChangeKind = (typeof changeKinds)[number];

/** One declaration the edit changed, with its text on each side. */
export interface DeclarationChange {
  kind: ChangeKind;
  /** The qualified name on the base side (`RateCard.price`); for `added`, the new name. */
  symbol: string;
  /** The changed file (its current path). */
  path: string;
  /** 1-based line of the declaration in the current file; for `removed`, in the base file. */
  line: number;
  /** The declaration as the base tree had it (its text, or the type the checker inferred); '' for `added`. */
  before: string;
  /** As it is now; '' for `removed`. */
  after: string;
  /** For `renamed`: the new qualified name. */
  renamedTo?: string;
  declarationKind: DeclarationKind;
}

/** The placeholder for a declaration's own name in its shape (see DeclarationRow). */
export const namePlaceholder = '\u0000';

/** A container's members go with it: renaming `RateCard` renames `RateCard.price` too. */
const containerKinds: ReadonlySet<DeclarationKind> = new Set(['interface', 'type', 'class', 'enum', 'namespace']);

export interface ListChangesInput {
  base: DeclarationTables;
  current: DeclarationTables;
  /** Current paths of the files the edit added, modified or renamed. */
  changedFiles: Iterable<string>;
  /** Base path → current path. */
  renames: ReadonlyMap<string, string>;
}

/**
 * The declarations that differ between the two trees' tables, over the changed files only, in
 * path then line order. A member removed with another of the same kind and shape added under
 * the same container is a rename; so is a top-level declaration. A file the base tree's table
 * does not know (a new file, or one the base check did not read) has no changes: without its
 * base side, every declaration would read as added.
 */
export function listDeclarationChanges({
  base,
  current,
  changedFiles,
  renames,
}: ListChangesInput): DeclarationChange[] {
  const basePathOf = new Map<string, string>();
  for (const [from, to] of renames) basePathOf.set(to, from);
  const changes: DeclarationChange[] = [];
  for (const path of [...new Set(changedFiles)].sort()) {
    const before = base[basePathOf.get(path) ?? path];
    const after = current[path];
    if (before === undefined || after === undefined) continue;
    changes.push(...diffTables(path, before, after));
  }
  return changes;
}

function diffTables(
  path: string,
  before: readonly DeclarationRow[],
  after: readonly DeclarationRow[],
): DeclarationChange[] {
  const beforeByName = new Map(before.map((row) => [row[0], row]));
  const afterByName = new Map(after.map((row) => [row[0], row]));
  const changes: DeclarationChange[] = [];
  const removed: DeclarationRow[] = [];
  const added: DeclarationRow[] = [];
  for (const row of before) {
    const now = afterByName.get(row[0]);
    if (now === undefined) removed.push(row);
    else if (normalizeShape(now[3]) !== normalizeShape(row[3])) changes.push(makeChanged(path, row, now));
  }
  for (const row of after) if (!beforeByName.has(row[0])) added.push(row);

  // Renames: the same kind and shape under the same container, paired in line order.
  const renamedContainers = new Map<string, string>();
  const unpaired = new Set(added);
  for (const row of removed) {
    const partner = added.find(
      (candidate) =>
        unpaired.has(candidate) &&
        candidate[1] === row[1] &&
        containerOf(candidate[0]) === containerOf(row[0]) &&
        normalizeShape(candidate[3]) === normalizeShape(row[3]),
    );
    if (partner === undefined) continue;
    unpaired.delete(partner);
    if (containerKinds.has(row[1])) renamedContainers.set(row[0], partner[0]);
    changes.push({
      kind: 'renamed',
      symbol: row[0],
      path,
      line: partner[2],
      before: displayRow(row),
      after: displayRow(partner),
      renamedTo: partner[0],
      declarationKind: row[1],
    });
  }
  const paired = new Set(changes.filter((change) => change.kind === 'renamed').map((change) => change.symbol));
  for (const row of removed) {
    if (paired.has(row[0])) continue;
    // A member of a renamed container that kept its shape moved with it.
    const container = containerOf(row[0]);
    const movedTo = renamedContainers.get(container);
    if (movedTo !== undefined) {
      const moved = afterByName.get(`${movedTo}.${row[0].slice(container.length + 1)}`);
      if (moved !== undefined && normalizeShape(moved[3]) === normalizeShape(row[3])) {
        unpaired.delete(moved);
        continue;
      }
    }
    changes.push({
      kind: row[1] === 'export' ? 'export' : 'removed',
      symbol: row[0],
      path,
      line: row[2],
      before: displayRow(row),
      after: '',
      declarationKind: row[1],
    });
  }
  for (const row of added) {
    if (!unpaired.has(row)) continue;
    changes.push({
      kind: row[1] === 'export' ? 'export' : 'added',
      symbol: row[0],
      path,
      line: row[2],
      before: '',
      after: displayRow(row),
      declarationKind: row[1],
    });
  }
  return changes.sort((a, b) => a.line - b.line || (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
}

function makeChanged(path: string, before: DeclarationRow, after: DeclarationRow): DeclarationChange {
  const exportOnly = stripExport(before[3]) === stripExport(after[3]);
  const kind: ChangeKind = exportOnly
    ? 'export'
    : after[1] === 'function' || after[1] === 'method'
      ? 'signature'
      : 'retyped';
  return {
    kind,
    symbol: before[0],
    path,
    line: after[2],
    before: displayRow(before),
    after: displayRow(after),
    declarationKind: after[1],
  };
}

function stripExport(shape: string): string {
  return normalizeShape(shape.startsWith('export ') ? shape.slice('export '.length) : shape);
}

/** Union and intersection members in one order, so a warm checker's print equals a cold one's. */
function normalizeShape(shape: string): string {
  return sortTypeText(shape);
}

function containerOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(0, dot);
}

/** The row's shape with its own (last) name put in: `price?: number`, `function totalFor(card: RateCard): number`. */
export function displayRow(row: DeclarationRow): string {
  const name = row[0].slice(row[0].lastIndexOf('.') + 1);
  return row[3].replaceAll(namePlaceholder, name);
}

/** Which change a finding's dependencies name, by index into `changes`; undefined when none. */
export type CauseFinder = (finding: Pick<Diagnostic, 'dependsOn'>) => number | undefined;

/**
 * For each change, by index, the change it follows from: itself, or a rename whose new name,
 * put in place of the old one, turns its text before into its text after. Finishing a rename
 * changes the declarations that name the member as a key (`Get<Mutate<StoreApi<T>, Mis>,
 * 'getState', never>` in `StateCreator`); those are that rename, not causes of their own.
 */
export function findRenameOrigins(changes: readonly DeclarationChange[]): number[] {
  const renames = changes.flatMap((change, index) =>
    change.kind === 'renamed' && change.renamedTo !== undefined
      ? [{ index, from: lastSegment(change.symbol), to: lastSegment(change.renamedTo) }]
      : [],
  );
  return changes.map((change, index) => {
    if ((change.kind !== 'retyped' && change.kind !== 'signature') || isCapped(change.before) || isCapped(change.after))
      return index;
    const origin = renames.find(
      ({ from, to }) =>
        from !== to &&
        (isRenamedIn(change.before, change.after, from, to) ||
          isRenamedIn(normalizeShape(change.before), normalizeShape(change.after), from, to)),
    );
    return origin?.index ?? index;
  });
}

function lastSegment(name: string): string {
  return name.slice(name.lastIndexOf('.') + 1);
}

/** A shape cut to its start and a hash (declaration-table.ts): its whole text is not known. */
function isCapped(shape: string): boolean {
  return /…#[0-9a-f]{12}$/.test(shape);
}

/**
 * Whether `after` is `before` with some of its whole occurrences of the name `from` (an
 * identifier, or a key inside quotes) made `to`, and nothing else changed: a rename finished at
 * some sites (`'getState'` as a key) and not at others (a parameter that keeps its name).
 */
function isRenamedIn(before: string, after: string, from: string, to: string): boolean {
  const name = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const boundary = '[\\p{ID_Continue}$\u200c\u200d]';
  const pieces = before.split(new RegExp(`(?<!${boundary})${name(from)}(?!${boundary})`, 'u'));
  if (pieces.length < 2) return false;
  return new RegExp(`^${pieces.map(name).join(`(?:${name(from)}|${name(to)})`)}$`, 'u').test(after);
}

/**
 * Matches a finding's dependencies against the changes, nearest dependency first: a change of the
 * very declaration (either name of a rename), a member of a changed container (`RateCard.price`
 * when `RateCard` was renamed or removed), and last the container of changed members (a finding
 * about `RateCard` as a whole, when only its members changed: the first such change).
 */
export function makeCauseFinder(changes: readonly DeclarationChange[]): CauseFinder {
  const find = makeCauseMatcher(changes);
  return (finding) => find(finding)?.change;
}

/** The change a finding's dependencies name (`change`, by index), and which of its dependencies named it (`at`). */
export type CauseMatcher = (finding: Pick<Diagnostic, 'dependsOn'>) => { change: number; at: number } | undefined;

/** As makeCauseFinder, also saying which dependency matched, so triage can tell a site from a finding reached through another declaration. */
export function makeCauseMatcher(changes: readonly DeclarationChange[]): CauseMatcher {
  const origins = findRenameOrigins(changes);
  const exact = new Map<string, number>();
  const containers = new Map<string, number>();
  const membersOf = new Map<string, number>();
  changes.forEach((change, index) => {
    for (const name of [change.symbol, change.renamedTo]) {
      if (name === undefined) continue;
      const key = `${change.path}\0${name}`;
      if (!exact.has(key)) exact.set(key, index);
      if (containerKinds.has(change.declarationKind) && !containers.has(key)) containers.set(key, index);
      const container = containerOf(name);
      if (container !== '' && !membersOf.has(`${change.path}\0${container}`))
        membersOf.set(`${change.path}\0${container}`, index);
    }
  });
  const findContainer = (ref: DeclarationRef): number | undefined => {
    for (let name = containerOf(ref.name); name !== ''; name = containerOf(name)) {
      const found = containers.get(`${ref.path}\0${name}`);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  const match = (refs: readonly DeclarationRef[]): { change: number; at: number } | undefined => {
    for (const [at, ref] of refs.entries()) {
      const found = exact.get(`${ref.path}\0${ref.name}`) ?? findContainer(ref);
      if (found !== undefined) return { change: found, at };
    }
    for (const [at, ref] of refs.entries()) {
      const found = membersOf.get(`${ref.path}\0${ref.name}`);
      if (found !== undefined) return { change: found, at };
    }
    return undefined;
  };
  return (finding) => {
    const refs = finding.dependsOn;
    if (refs === undefined || refs.length === 0 || changes.length === 0) return undefined;
    const found = match(refs);
    return found === undefined ? undefined : { change: origins[found.change]!, at: found.at };
  };
}

/** A signature's parameters and return type, when `text` reads as one: `f<T>(a: T): R` → `(a: T)`, `R`. */
export function splitSignature(text: string): { parameters: string; returns: string } | undefined {
  const open = findParametersStart(text);
  if (open === -1) return undefined;
  let depth = 0;
  for (let at = open; at < text.length; at += 1) {
    const char = text[at];
    if (char === '(' || char === '<' || char === '[' || char === '{') depth += 1;
    else if (char === ')' || char === '>' || char === ']' || char === '}') {
      if (text[at - 1] === '=' && char === '>') continue;
      depth -= 1;
      if (depth === 0) {
        const rest = text.slice(at + 1).trimStart();
        return {
          parameters: text.slice(open, at + 1),
          returns: rest.startsWith(':') ? rest.slice(1).trim() : '',
        };
      }
    }
  }
  return undefined;
}

/** The `(` that opens the parameter list, after any type parameters. */
function findParametersStart(text: string): number {
  let depth = 0;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at];
    if (char === '<') depth += 1;
    else if (char === '>' && text[at - 1] !== '=') depth -= 1;
    else if (char === '(' && depth === 0) return at;
  }
  return -1;
}
