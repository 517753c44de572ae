/**
 * Files the agent must not hand-edit: generated code (the next codegen run reverts the edit),
 * vendored code and installed packages (the fix belongs upstream). A root cause in one of them
 * becomes an instruction saying what to do instead, never a list of errors to patch.
 */
import picomatch from 'picomatch';
import { splitSourceLines } from '../identity/source-lines.js';

export type NonEditableReason = 'configured' | 'generated' | 'vendored' | 'package-declaration';

export type Editability =
  | { editable: true }
  | {
      editable: false;
      reason: NonEditableReason;
      /** From the configured rule: what to run or change instead, e.g. `run npm run codegen`. */
      hint?: string;
    };

export type EditabilityClassifier = (path: string) => Editability;

export interface NonEditableRule {
  /** A picomatch glob over repository-relative paths; dotfiles match. */
  glob: string;
  /** What to do instead of editing, shown in the instruction. */
  hint?: string;
}

export interface EditabilityOptions {
  rules: readonly NonEditableRule[];
  /** The first ~2 KB of the file at a repository-relative path, or undefined when unreadable. */
  readHead: (path: string) => string | undefined;
}

/** Folders whose contents come from another project. */
const vendoredFolders: ReadonlySet<string> = new Set([
  'node_modules',
  'vendor',
  'vendored',
  'third_party',
  'third-party',
]);
const declarationFile = /\.d\.[cm]?ts$/;
/** Markers code generators put at the top of their output (`@generated` by Meta's tools, `DO NOT EDIT` by Go's convention). */
const generatedMarker = /@generated|DO NOT EDIT/;
const markerLines = 5;

/**
 * Classifies paths in this order: a configured glob, a package's declaration file, a vendored
 * folder, a generated-file marker in the first lines. Cheap checks come first so the file head
 * is read only when the path says nothing; answers are memoised per path because triage asks
 * about the same files repeatedly.
 */
export function makeEditabilityClassifier({ rules, readHead }: EditabilityOptions): EditabilityClassifier {
  const matchers = rules.map((rule) => ({ isMatch: picomatch(rule.glob, { dot: true }), hint: rule.hint }));
  const known = new Map<string, Editability>();
  return (path) => {
    let answer = known.get(path);
    if (answer === undefined) {
      answer = decideEditability(path, matchers, readHead);
      known.set(path, answer);
    }
    return answer;
  };
}

function decideEditability(
  path: string,
  matchers: readonly { isMatch: (path: string) => boolean; hint: string | undefined }[],
  readHead: (path: string) => string | undefined,
): Editability {
  const rule = matchers.find((matcher) => matcher.isMatch(path));
  if (rule !== undefined) {
    return rule.hint === undefined
      ? { editable: false, reason: 'configured' }
      : { editable: false, reason: 'configured', hint: rule.hint };
  }
  const folders = path.split('/').slice(0, -1);
  if (folders.includes('node_modules') && declarationFile.test(path))
    return { editable: false, reason: 'package-declaration' };
  if (folders.some((folder) => vendoredFolders.has(folder))) return { editable: false, reason: 'vendored' };
  if (hasGeneratedMarker(readHead(path))) return { editable: false, reason: 'generated' };
  return { editable: true };
}

function hasGeneratedMarker(head: string | undefined): boolean {
  return (
    head !== undefined &&
    splitSourceLines(head)
      .slice(0, markerLines)
      .some((line) => generatedMarker.test(line))
  );
}

/** The package a path under `node_modules/` belongs to (scoped names included), or undefined. */
export function findPackageName(path: string): string | undefined {
  const segments = path.split('/');
  const at = segments.lastIndexOf('node_modules', segments.length - 2);
  // The package folder must be a folder too: `node_modules/x.js` names no package.
  const name = at === -1 || at + 1 >= segments.length - 1 ? undefined : segments[at + 1];
  if (name === undefined) return undefined;
  const scoped = name.startsWith('@') ? segments[at + 2] : undefined;
  return scoped !== undefined && at + 2 < segments.length - 1 ? `${name}/${scoped}` : name;
}

/**
 * Tells the agent not to hand-edit these files and what to do instead: one or two sentences per
 * kind of file (editable files in the list are skipped).
 */
export function makeInstruction(files: readonly string[], classify: EditabilityClassifier): string {
  const groups = new Map<
    string,
    { files: string[]; editability: Editability & { editable: false }; packageName: string | undefined }
  >();
  for (const file of files) {
    const editability = classify(file);
    if (editability.editable) continue;
    const packageName =
      editability.reason === 'configured' || editability.reason === 'generated' ? undefined : findPackageName(file);
    const key = JSON.stringify([editability.reason, editability.hint ?? null, packageName ?? null]);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, { files: [file], editability, packageName });
    else group.files.push(file);
  }
  return [...groups.values()]
    .map((group) => describeGroup(group.files, group.editability, group.packageName))
    .join(' ');
}

function describeGroup(
  files: readonly string[],
  editability: Editability & { editable: false },
  packageName: string | undefined,
): string {
  const one = files.length === 1;
  const names = listFiles(files);
  const isAre = one ? 'is' : 'are';
  const it = one ? 'it' : 'them';
  const itIs = one ? 'it is' : 'they are';
  const matchYourCode = `or change your own code to match ${it}.`;
  switch (editability.reason) {
    case 'configured':
    case 'generated': {
      const what = editability.reason === 'generated' ? 'generated' : 'marked non-editable';
      const instead =
        editability.hint === undefined
          ? `Change what ${itIs} generated from and regenerate ${it}`
          : `Change what ${itIs} generated from instead (${editability.hint})`;
      return `${names} ${isAre} ${what}; do not edit ${it} by hand. ${instead}, ${matchYourCode}`;
    }
    case 'package-declaration':
    case 'vendored': {
      if (packageName !== undefined) {
        const what =
          editability.reason === 'package-declaration'
            ? `${one ? 'a type declaration file' : 'type declaration files'} shipped by the package`
            : 'part of the installed package';
        return `${names} ${isAre} ${what} ${packageName}; do not edit ${it}. Upgrade or change the dependency ${packageName}, ${matchYourCode}`;
      }
      return `${names} ${isAre} vendored from another project; do not edit ${it} by hand. Update the vendored copy from upstream, ${matchYourCode}`;
    }
  }
}

function listFiles(files: readonly string[]): string {
  const shown = files.slice(0, 3);
  const rest = files.length - shown.length;
  if (rest > 0) return `${shown.join(', ')} and ${rest} more`;
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}
