/**
 * A module's surface (what its importers can see) on TypeScript 6's parser: the same for an edit
 * inside a body its signature types, different for anything an importer's types could follow.
 * TypeScript 7's trees are read by the same code (test/checks/oxlint/warm.test.ts runs it there).
 * And isBodyEditAlone, which a lint run from a baseline asks before any program exists: each
 * changed file's base text and text on disk parsed alone, by the repository's TypeScript 7 (in a
 * process of its own) or 6.
 */
import { join } from 'node:path';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { readModuleSurface } from '../../../src/checks/typescript/module-surface.js';
import { isBodyEditAlone } from '../../../src/checks/typescript/body-edit.js';
import { makeRepo, type TestRepo } from '../../helpers/repo.js';

const surfaceOf = (text: string) =>
  readModuleSurface(ts, ts.createSourceFile('module.ts', text, ts.ScriptTarget.ES2022, true));

const base = `import { helper } from './helper';

export function declared(input: string): string {
  return helper(input);
}

export function inferred(input: string) {
  return helper(input);
}

export class Store {
  private items: string[] = [];
  constructor(seed: string) {
    this.items.push(seed);
  }
  get size(): number {
    return this.items.length;
  }
  set first(value: string) {
    this.items[0] = value;
  }
  add = (item: string): void => {
    this.items.push(item);
  };
  describe = (): string => this.items.join(',');
}
`;

describe('readModuleSurface', () => {
  it.each([
    [
      'a declared return type',
      'return helper(input);\n}\n\nexport function inferred',
      "debugger;\n  return helper(input) + '!';\n}\n\nexport function inferred",
    ],
    ['a constructor', 'this.items.push(seed);', 'this.items.push(seed, seed);'],
    ['a typed getter', 'return this.items.length;', 'return this.items.length + 1;'],
    ['a setter', 'this.items[0] = value;', 'this.items[1] = value;'],
    ['an arrow with a declared return type and a block', 'this.items.push(item);', 'this.items.unshift(item);'],
  ])('is the same after an edit inside the body of %s', (_name, from, to) => {
    expect(base).toContain(from);
    expect(surfaceOf(base.replace(from, to))).toBe(surfaceOf(base));
  });

  it.each([
    [
      'a function whose return type is inferred',
      'export function inferred(input: string) {\n  return helper(input);',
      'export function inferred(input: string) {\n  return helper(input).length;',
    ],
    ['an arrow whose body is an expression', "this.items.join(',')", "this.items.join(';')"],
    ['a signature', 'declared(input: string): string', 'declared(input: string): number'],
    ['an initialiser', 'private items: string[] = [];', 'private items: string[] = [base];'],
    [
      'a comment outside every body',
      "import { helper } from './helper';",
      "import { helper } from './helper'; // kept",
    ],
  ])('differs after an edit of %s', (_name, from, to) => {
    expect(base).toContain(from);
    expect(surfaceOf(base.replace(from, to))).not.toBe(surfaceOf(base));
  });
});

describe('isBodyEditAlone', () => {
  const repos: TestRepo[] = [];
  afterEach(() => {
    for (const repo of repos.splice(0)) repo.cleanup();
  });

  it.each(['7', '6.0'] as const)(
    'tells a body behind a declared type from an edit importers can see (TypeScript %s)',
    async (typescript) => {
      const repo = makeRepo({ typescript, files: { 'src/module.ts': base, 'README.md': 'Notes.\n' } });
      repos.push(repo);
      const file = join(repo.root, 'src/module.ts');
      const ask = (from: string, to: string, more: Record<string, string> = {}) => {
        repo.write('src/module.ts', base.replace(from, to));
        return isBodyEditAlone(repo.root, { [file]: base, ...more });
      };
      expect(await ask('this.items.push(seed);', 'this.items.push(seed, seed);')).toBe(true);
      expect(
        await ask(
          'return helper(input);\n}\n\nexport function inferred',
          'return helper(input) + 1;\n}\n\nexport function inferred',
        ),
      ).toBe(true);
      expect(await ask('declared(input: string): string', 'declared(input: string): number')).toBe(false);
      expect(
        await ask(
          'export function inferred(input: string) {\n  return helper(input);',
          'export function inferred(input: string) {\n  return helper(input).length;',
        ),
      ).toBe(false);
      // A body closed early by what was inserted inside it: what the file declares changed.
      expect(
        await ask(
          'export function declared(input: string): string {\n',
          "export function declared(input: string): string {\n  return '';\n}\nexport const leaked = 1;\nfunction again(input: string): string {\n",
        ),
      ).toBe(false);
      // A file that is not a TypeScript source among the changed ones: it cannot tell.
      expect(
        await ask('this.items.push(seed);', 'this.items.push(seed, seed);', {
          [join(repo.root, 'README.md')]: 'Notes.\n',
        }),
      ).toBe(false);
    },
    60_000,
  );
});
