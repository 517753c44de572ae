/**
 * Seeded random edits of the kind an agent makes to TypeScript code, for the differential test:
 * an exported type changed, a function signature changed, an export renamed (its importers keep
 * the old name), an import added (unused, or of a name that does not exist) or removed, a
 * suppression directive put above an export (`@ts-expect-error`, `eslint-disable-next-line`). Each edit
 * is a pure function of the file's text and the random source; one that finds nothing to change
 * in its file returns undefined and another is drawn.
 */

/** mulberry32: small, fast, and the same sequence for a seed on every platform. */
export function makeRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

export interface RandomEdit {
  kind: string;
  path: string;
  /** What changed, for the step's name (and a regression case's). */
  detail: string;
  text: string;
}

type EditMaker = (
  text: string,
  pick: <T>(items: readonly T[]) => T,
  serial: number,
) => { detail: string; text: string } | undefined;

const editMakers: Readonly<Record<string, EditMaker>> = {
  'exported type': (text, pick, serial) => {
    const interfaces = [...text.matchAll(/^export interface (\w+)(?:<[^>{]*>)? \{\n/gm)];
    const aliases = [...text.matchAll(/^export type (\w+)(?:<[^=]*>)? =/gm)];
    if (interfaces.length + aliases.length === 0) return undefined;
    const match = pick([...interfaces, ...aliases]);
    const at = match.index + match[0].length;
    const insert = match[0].startsWith('export interface') ? `\tedited${serial}: string | number\n` : ` undefined |`;
    return { detail: `${match[1]}: ${insert.trim()}`, text: text.slice(0, at) + insert + text.slice(at) };
  },
  signature: (text, pick, serial) => {
    const functions = [...text.matchAll(/^export function (\w+)(?:<[^>(]*>)?\(/gm)];
    if (functions.length === 0) return undefined;
    const match = pick(functions);
    const at = match.index + match[0].length;
    const closesAtOnce = text[at] === ')';
    return {
      detail: `${match[1]}(edited${serial}: string)`,
      text: `${text.slice(0, at)}edited${serial}: string${closesAtOnce ? '' : ', '}${text.slice(at)}`,
    };
  },
  rename: (text, pick, serial) => {
    const exported = [...text.matchAll(/^export (?:function|const|class|interface|type) (\w+)/gm)];
    if (exported.length === 0) return undefined;
    const match = pick(exported);
    const name = match[1]!;
    const renamed = `${name}Renamed${serial}`;
    // Inside its own file the name changes everywhere; importers still ask for the old one.
    return { detail: `${name} → ${renamed}`, text: text.replace(new RegExp(`\\b${name}\\b`, 'g'), renamed) };
  },
  'import added': (text, pick, serial) => {
    const from = [...text.matchAll(/^import[^;]*?from "([^"]+)"\n?/gm)];
    if (from.length === 0) return undefined;
    const match = pick(from);
    const name = pick(['Draft', 'Objectish', `missing${serial}`, 'die']);
    return { detail: `import { ${name} } from "${match[1]}"`, text: `import { ${name} } from "${match[1]}"\n${text}` };
  },
  directive: (text, pick) => {
    const exports = [...text.matchAll(/^export /gm)];
    if (exports.length === 0) return undefined;
    const match = pick(exports);
    const directive = pick([
      '// @ts-expect-error -- the agent silences it',
      '// @ts-ignore',
      '// eslint-disable-next-line @typescript-eslint/no-explicit-any',
      '/* eslint-disable */',
    ]);
    return { detail: directive, text: `${text.slice(0, match.index)}${directive}\n${text.slice(match.index)}` };
  },
  'import removed': (text, pick) => {
    const imports = [...text.matchAll(/^import[\s\S]*?from "[^"]+"\n/gm)];
    if (imports.length === 0) return undefined;
    const match = pick(imports);
    return {
      detail: `removed ${match[0].split('\n')[0]!.trim()}…`,
      text: text.slice(0, match.index) + text.slice(match.index + match[0].length),
    };
  },
};

export const editKinds = Object.keys(editMakers);

/** One edit drawn from `random` over `files` (path → current text); undefined when no file has anything to edit. */
export function drawEdit(
  files: Readonly<Record<string, string>>,
  random: () => number,
  serial: number,
): RandomEdit | undefined {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const paths = Object.keys(files).sort();
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const kind = pick(editKinds);
    const path = pick(paths);
    const made = editMakers[kind]!(files[path]!, pick, serial);
    if (made !== undefined && made.text !== files[path]) return { kind, path, ...made };
  }
  return undefined;
}
