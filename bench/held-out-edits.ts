/**
 * The held-out script's edits: a seeded sequence on random packages of the held-out repository,
 * each on top of the last, as an agent's attempts come. Body edits (a new ESLint finding), a type
 * error, a standing finding fixed, an exported signature changed (its callers break), a method
 * renamed (its callers in another package break), a flagged line edited (nothing may be
 * introduced), and reverts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeRandom } from './core.js';
import { modelPath, servicePath, slots } from './held-out-repo.js';

export type EditKind =
  | 'body'
  | 'type-error'
  | 'fix-standing'
  | 'signature'
  | 'rename'
  | 'flagged-line'
  | 'rename-member'
  | 'any-return'
  | 'revert';

export interface HeldOutEdit {
  kind: EditKind;
  file: string;
  describe: string;
}

interface Change {
  kind: Exclude<EditKind, 'revert'>;
  file: (p: number, k: number) => string;
  from: (id: string) => string;
  to: (id: string, variant: number) => string;
}

const changes: Change[] = [
  {
    kind: 'body',
    file: servicePath,
    from: () => '  describe(): string {\n',
    to: (_id, variant) => `  describe(): string {\n    debugger; // ${variant}\n`,
  },
  {
    kind: 'type-error',
    file: modelPath,
    from: () => 'return { id, name,',
    to: () => 'return { id: String(id), name,',
  },
  { kind: 'fix-standing', file: modelPath, from: () => 'let tags =', to: () => 'const tags =' },
  {
    kind: 'signature',
    file: modelPath,
    from: (id) => `export function rank${id}(items: readonly Entity${id}[])`,
    to: (id) => `export function rank${id}(items: readonly Entity${id}[], limit: number)`,
  },
  { kind: 'rename', file: servicePath, from: () => '  describe(): string {', to: () => '  describeAll(): string {' },
  {
    kind: 'flagged-line',
    file: servicePath,
    from: () => 'const unused = source;',
    to: (_id, variant) => `const unused = source; // kept ${variant}`,
  },
  // Issue 39's two causes: a member renamed (its sites in the model, its service and the service
  // two packages on) and a function made to return any (the type-aware lint at its call sites).
  { kind: 'rename-member', file: modelPath, from: () => '  name: string;', to: () => '  title: string;' },
  {
    kind: 'any-return',
    file: modelPath,
    from: (id) => `(items: readonly Entity${id}[]): Entity${id}[] {`,
    to: (id) => `(items: readonly Entity${id}[]): any {`,
  },
];

/** The order of kinds: every kind, body edits most often (the served body edit is a measured row). */
const plan: EditKind[] = [
  'body',
  'type-error',
  'body',
  'fix-standing',
  'revert',
  'body',
  'signature',
  'flagged-line',
  'revert',
  'body',
  'rename',
  'revert',
  'body',
  'revert',
];

export interface EditSequence {
  /** Applies the next edit; undefined when the plan is done. */
  next(): HeldOutEdit | undefined;
  /** Applies one edit of `kind` on a random file, outside the plan. */
  apply(kind: Exclude<EditKind, 'revert'>): HeldOutEdit;
  /** Puts every edited file back as generated. */
  revertAll(): void;
}

export function makeEditSequence(root: string, packages: number, seed: number): EditSequence {
  const random = makeRandom(seed);
  const originals = new Map<string, string>();
  let step = 0;
  const pick = (count: number) => Math.floor(random() * count);
  const apply = (change: Change): HeldOutEdit => {
    for (;;) {
      // The renames need a package two ahead (their callers); every other change any package.
      const p = change.kind === 'rename' || change.kind === 'rename-member' ? pick(packages - 2) : pick(packages);
      const k = pick(slots);
      const file = change.file(p, k);
      const path = join(root, file);
      const text = readFileSync(path, 'utf8');
      const from = change.from(`${p}x${k}`);
      if (!text.includes(from)) continue;
      if (!originals.has(file)) originals.set(file, text);
      writeFileSync(path, text.replace(from, change.to(`${p}x${k}`, 70_000 + step)));
      return { kind: change.kind, file, describe: `${change.kind} in ${file}` };
    }
  };
  const revert = (): HeldOutEdit => {
    const edited = [...originals.keys()];
    const file = edited[pick(edited.length)]!;
    writeFileSync(join(root, file), originals.get(file)!);
    originals.delete(file);
    return { kind: 'revert', file, describe: `revert of ${file}` };
  };
  return {
    next() {
      const kind = plan[step];
      if (kind === undefined) return undefined;
      step += 1;
      if (kind === 'revert') return originals.size === 0 ? apply(changes[0]!) : revert();
      return apply(changes.find((change) => change.kind === kind)!);
    },
    apply: (kind) => apply(changes.find((change) => change.kind === kind)!),
    revertAll() {
      for (const [file, text] of originals) writeFileSync(join(root, file), text);
      originals.clear();
    },
  };
}
