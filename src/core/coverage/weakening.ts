/**
 * How strictly a check checked, compared with the baseline. A run lists the settings that decide
 * what it reports (`strength`: tsconfig's strict family, ESLint's rule severities per resolved
 * config), each with a level where higher is stricter. A setting whose level fell is one finding
 * at the file it is written in, naming it before → after: turning a rule off or `strict` down is
 * not the same as satisfying it. A setting the team accepts relaxing is listed in
 * culprit.config.json's `allowWeakening` (`setting`, or `check:setting`).
 */
import type { StrengthScope } from '../check-run.js';
import { compareStrings, type AnchoredDiagnostic } from '../diagnostic.js';
import { listFiles } from './removed-checks.js';

interface StrengthRun {
  name: string;
  strength?: StrengthScope[] | undefined;
}

interface Weakening {
  source: string | null;
  setting: string;
  before: string;
  after: string;
  /** The files it applies to, for a scope of some files; null for a whole run's. */
  files: Set<string> | null;
}

/** How many files a weakening's message names before it counts the rest. */
const namedFiles = 3;

export function listWeakenings(
  base: StrengthRun,
  current: StrengthRun,
  renames: ReadonlyMap<string, string>,
  allowWeakening: readonly string[] = [],
): AnchoredDiagnostic[] {
  if (base.strength === undefined || current.strength === undefined) return [];
  const allowed = new Set(allowWeakening);
  const isAllowed = (setting: string) => allowed.has(setting) || allowed.has(`${current.name}:${setting}`);
  const found = new Map<string, Weakening>();
  // Scopes over some files are usually one object shared by many files (one resolved ESLint
  // config for 800 files): each pair of scopes is compared once, not once per file.
  type Fallen = [setting: string, before: string, after: string][];
  const fallen = new Map<StrengthScope, Map<StrengthScope, Fallen>>();
  const compareScopes = (baseScope: StrengthScope, currentScope: StrengthScope): Fallen => {
    let byCurrent = fallen.get(baseScope);
    if (byCurrent === undefined) {
      byCurrent = new Map<StrengthScope, Fallen>();
      fallen.set(baseScope, byCurrent);
    }
    let settings = byCurrent.get(currentScope);
    if (settings !== undefined) return settings;
    settings = [];
    for (const [setting, [level, before]] of Object.entries(baseScope.settings)) {
      const [nowLevel, after] = currentScope.settings[setting] ?? [0, 'unset'];
      if (nowLevel < level && !isAllowed(setting)) settings.push([setting, before, after]);
    }
    byCurrent.set(currentScope, settings);
    return settings;
  };
  const note = (source: string | null, baseScope: StrengthScope, currentScope: StrengthScope, file: string | null) => {
    for (const [setting, before, after] of compareScopes(baseScope, currentScope)) {
      const key = JSON.stringify([source, setting, before, after]);
      let weakening = found.get(key);
      if (weakening === undefined) {
        weakening = { source, setting, before, after, files: file === null ? null : new Set() };
        found.set(key, weakening);
      }
      if (file !== null) weakening.files?.add(file);
    }
  };

  // Scopes over a whole run pair by the file their settings are written in. One the run no longer
  // reads is set against each file it reads that the baseline's did not: a check pointed at
  // another tsconfig relaxes what it checks as surely as an edit to the first one.
  const renamed = (source: string | null) => (source === null ? null : (renames.get(source) ?? source));
  const wholeBase = base.strength.filter((scope) => scope.files === undefined);
  const wholeCurrent = current.strength.filter((scope) => scope.files === undefined);
  const wholeNow = new Map(wholeCurrent.map((scope) => [scope.source, scope]));
  const baseSources = new Set(wholeBase.map((scope) => renamed(scope.source)));
  const newScopes = wholeCurrent.filter((scope) => !baseSources.has(scope.source));
  for (const scope of wholeBase) {
    const source = renamed(scope.source);
    const now = wholeNow.get(source);
    if (now !== undefined) note(source, scope, now, null);
    else for (const moved of newScopes) note(moved.source, scope, moved, null);
  }
  // Scopes over some files pair file by file: a file's settings then and now.
  const scopeNow = new Map<string, StrengthScope>();
  for (const scope of current.strength) for (const file of scope.files ?? []) scopeNow.set(file, scope);
  for (const scope of base.strength) {
    for (const file of scope.files ?? []) {
      const path = renames.get(file) ?? file;
      const now = scopeNow.get(path);
      if (now !== undefined) note(now.source ?? scope.source, scope, now, path);
    }
  }
  return groupWeakenings([...found.values()])
    .sort(
      (a, b) =>
        compareStrings(a.source ?? '', b.source ?? '') ||
        compareStrings(a.settings[0]!, b.settings[0]!) ||
        compareStrings(a.before, b.before),
    )
    .map((weakening): AnchoredDiagnostic => ({
      tool: current.name,
      code: 'weakened',
      severity: 'error',
      phase: 'config',
      path: weakening.source,
      line: 0,
      column: 0,
      message: describeWeakening(weakening),
      anchor: '',
      kind: 'weakened',
    }));
}

/** Settings one change relaxed alike: `strict: false`'s family, or rules a config turned off together. */
interface WeakeningGroup extends Omit<Weakening, 'setting'> {
  settings: string[];
}

/** One finding per change: the settings that fell from the same value to the same value, in one file, for the same files. */
function groupWeakenings(weakenings: readonly Weakening[]): WeakeningGroup[] {
  const groups = new Map<string, WeakeningGroup>();
  for (const { setting, ...rest } of weakenings) {
    const files = rest.files === null ? null : [...rest.files].sort(compareStrings);
    const key = JSON.stringify([rest.source, rest.before, rest.after, files]);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, { ...rest, settings: [setting] });
    else group.settings.push(setting);
  }
  for (const group of groups.values()) group.settings.sort(compareStrings);
  return [...groups.values()];
}

/** How many settings a weakening's message names before it counts the rest. */
const namedSettings = 8;

/** "`prefer-const` weakened from error to off for src/a.ts, src/b.ts and 4 more files". */
function describeWeakening({ settings, before, after, files }: WeakeningGroup): string {
  // "and 1 more" names no fewer words than the name itself.
  const shown = settings.length === namedSettings + 1 ? settings : settings.slice(0, namedSettings);
  const quoted = shown.map((setting) => `\`${setting}\``);
  const more = settings.length - quoted.length;
  const names = more > 0 ? `${quoted.join(', ')} and ${more} more settings` : listFiles(quoted);
  const head = `${names} weakened from ${before} to ${after}`;
  if (files === null) return head;
  const sorted = [...files].sort(compareStrings);
  const named = sorted.slice(0, namedFiles);
  const rest = sorted.length - named.length;
  return `${head} for ${named.join(', ')}${rest > 0 ? ` and ${rest} more ${rest === 1 ? 'file' : 'files'}` : ''}`;
}
