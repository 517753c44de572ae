/**
 * oxlint kept warm answers what a cold run answers, edit after edit, while it lints again only
 * what the edit can change (the real oxlint and oxlint-tsgolint, type-aware, beside tsc on
 * TypeScript 7 and 6): a body edit re-lints its file (also when other files import it: a body
 * behind a declared return type changes nothing they see), a return widened to `any` re-lints the
 * files that import it, and files created or deleted, which change what oxlint lints, a full run.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundlerTsconfig, makeRepo } from '../../helpers/repo.js';
import { linkLinter, linkTsgolint, makeTypeAwareOxlintConfig } from '../../fixtures/js-linters.js';
import { makeWarmComparison, useDebugLines, useRepos, useWarmEngine } from '../../warm/helpers.js';
import { makeSeededComparison } from '../../warm/seeded-comparison.js';

const inner = `export interface Box {
  value: string;
}
export function innerFrom(input: string): Box {
  return { value: input };
}
`;
const files = {
  'tsconfig.json': bundlerTsconfig,
  '.oxlintrc.json': makeTypeAwareOxlintConfig({ typeAware: true }),
  'src/inner.ts': inner,
  'src/first.ts': `import { innerFrom } from './inner';

export const first = (): string => innerFrom('a').value;
`,
  'src/second.ts': `import { first } from './first';

export const second = (): string => first() + 'b';
`,
  'src/alone.ts': `export function alone(value: any): string {
  return String(value);
}
`,
};

/**
 * Files written less than 2 s before a session records them may change again unseen (racy
 * timestamps): until recorded again later a session takes them as changed. An agent's are older.
 */
const settle = () => new Promise((resolve) => setTimeout(resolve, 2_100));

const repos = useRepos();
const engine = useWarmEngine();
const debug = useDebugLines();

describe('oxlint kept warm', () => {
  it.each(['7', '6.0'] as const)(
    're-lints only what the edit reaches, and answers as cold (TypeScript %s)',
    async (typescript) => {
      const repo = repos.add(makeRepo({ typescript, files }));
      linkLinter(repo.root, 'oxlint');
      linkTsgolint(repo.root);
      await settle();
      const comparison = await makeWarmComparison(engine(), repo.root);
      const relintedIn = (lines: string[]) =>
        lines.filter((line) => line.startsWith('oxlint warm:')).map((line) => line.replace(/^oxlint warm: /, ''));
      const relinted = () => relintedIn(debug.take());

      await comparison.compare('clean tree');
      relinted();
      repo.write('src/alone.ts', "export function alone(value: any): string {\n  return String(value) + 'x';\n}\n");
      await settle();
      await comparison.compare('a body edit');
      const bodyEdit = debug.take();
      expect(relintedIn(bodyEdit)).toEqual(['re-linting 1 of 4 files']);
      if (typescript === '7') {
        // TypeScript 7 checks once oxlint's process has started, not before (warm-sessions.ts):
        // the synchronous API would otherwise hold oxlint back until tsgo is done.
        const order = bodyEdit.filter((line) => /^(?:oxlint warm|tsc 7: checked)/.test(line));
        expect(order).toEqual([
          'oxlint warm: re-linting 1 of 4 files',
          expect.stringMatching(/^tsc 7: checked 1 of \d+ files$/),
        ]);
      }

      // A body behind a declared return type: the files importing it, however far, see the same module.
      repo.write('src/inner.ts', inner.replace('return { value: input };', "return { value: input + '!' };"));
      await settle();
      await comparison.compare('a body edit of a file others import');
      expect(relinted()).toEqual(['re-linting 1 of 4 files']);

      repo.write('src/inner.ts', inner.replace('innerFrom(input: string): Box', 'innerFrom(input: string): any'));
      await settle();
      const widened = await comparison.compare('a return widened to any');
      expect(relinted()[0]).toMatch(/^re-linting [23] of 4 files$/);
      const unsafe = widened.warm
        .find((run) => run.name === 'oxlint')!
        .diagnostics.map((text) => JSON.parse(text) as { path: string; code: string; dependsOn?: unknown[] })
        .filter((d) => d.code.startsWith('typescript/no-unsafe-'));
      expect(unsafe.map((d) => d.path)).toContain('src/first.ts');
      for (const finding of unsafe)
        expect(finding.dependsOn).toContainEqual({ path: 'src/inner.ts', name: 'innerFrom' });

      repo.write('src/inner.ts', inner);
      await settle();
      await comparison.compare('the widening undone');
      expect(relinted()[0]).toMatch(/^re-linting [23] of 4 files$/);

      repo.write('src/third.ts', 'export const third = (x: any): string => x.value;\n');
      await comparison.compare('a file created');
      expect(relinted()).toEqual(['linting all of 4 files']);

      repo.remove('src/third.ts');
      await comparison.compare('the file deleted');
      expect(relinted()).toEqual(['linting all of 5 files']);
    },
  );

  it('from a baseline on TypeScript 7, checks and lints only what the edit reaches, and answers as in full', async () => {
    const repo = repos.add(makeRepo({ typescript: '7', files }));
    linkLinter(repo.root, 'oxlint');
    linkTsgolint(repo.root);
    const compare = await makeSeededComparison(repo, debug);
    // oxlint runs in culprit's process beside tsc's worker: their lines interleave as they come.
    const reach = (lines: string[]) => [
      ...lines.filter((line) => line.startsWith('tsc 7:')),
      ...lines.filter((line) => line.startsWith('oxlint warm:')),
    ];

    repo.write('src/alone.ts', "export function alone(value: any): string {\n  return String(value) + 'x';\n}\n");
    const body = await compare('a body edit');
    expect(body.unseeded).toBeUndefined();
    // The imports of the 4 own files are the baseline's: only the installed and lib files' are asked for.
    const [asked, total] = /^tsc 7: read the imports of (\d+) of (\d+) files$/.exec(reach(body.lines)[0]!)!.slice(1);
    expect(Number(total) - Number(asked)).toBe(4);
    expect(reach(body.lines)[1]).toMatch(/^tsc 7: checked 1 of \d+ files$/);
    expect(reach(body.lines).slice(2)).toEqual(['oxlint warm: re-linting 1 of 4 files']);
    expect(body.lines).toContain("oxlint starts from the baseline in culprit's process, beside tsc");

    // A body behind a declared return type in a file others import: tsc checks it alone, as a warm
    // run would (the base text parsed apart: typescript/body-edit.ts); oxlint beside it lints its two
    // importers too, fewer than it pays to ask about (the next test has more).
    repo.write('src/alone.ts', files['src/alone.ts']);
    repo.write('src/inner.ts', inner.replace('return { value: input };', "return { value: input + '!' };"));
    const hidden = await compare('a body edit behind a declared return type');
    expect(hidden.unseeded).toBeUndefined();
    expect(reach(hidden.lines)[1]).toMatch(/^tsc 7: checked 1 of \d+ files$/);
    expect(reach(hidden.lines).slice(2)).toEqual(['oxlint warm: re-linting 3 of 4 files']);

    // With the temporary folder inside the repository, a base copy would join its project: tsc
    // does not parse it there, and checks the importers too.
    const temporary = join(repo.root, '.git', 'culprit-tmp');
    mkdirSync(temporary);
    const previous = process.env['TMPDIR'];
    process.env['TMPDIR'] = temporary;
    try {
      repo.write('src/inner.ts', inner.replace('return { value: input };', "return { value: input + '?' };"));
      const inside = await compare('a body edit, the temporary folder inside the repository');
      expect(reach(inside.lines)[1]).toMatch(/^tsc 7: checked 3 of \d+ files$/);
    } finally {
      if (previous === undefined) delete process.env['TMPDIR'];
      else process.env['TMPDIR'] = previous;
    }

    repo.write('src/inner.ts', inner.replace('innerFrom(input: string): Box', 'innerFrom(input: string): any'));
    const widened = await compare('a return widened to any');
    expect(reach(widened.lines)[1]).toMatch(/^tsc 7: checked 3 of \d+ files$/);
    expect(reach(widened.lines).slice(2)).toEqual(['oxlint warm: re-linting 3 of 4 files']);
    expect(widened.findings.filter((finding) => finding.includes('no-unsafe-'))).not.toEqual([]);

    // An edited file's imports are the program's now, not the baseline's: the graph matches a full run's.
    repo.write('src/inner.ts', inner);
    repo.write(
      'src/alone.ts',
      "import { innerFrom } from './inner';\n\nexport function alone(value: any): string {\n  return innerFrom(String(value)).value;\n}\n",
    );
    const imported = await compare('an edited file imports another');
    expect(imported.unseeded).toBeUndefined();
    expect(reach(imported.lines)[1]).toMatch(/^tsc 7: checked 1 of \d+ files$/);
  });

  it('from a baseline on TypeScript 7, lints alone a body edit many files import, as in full', async () => {
    // 70 importers: more than it pays to lint again rather than ask whether they see the edit.
    const importers = Object.fromEntries(
      Array.from({ length: 70 }, (_, index) => [
        `src/use${index}.ts`,
        `import { innerFrom } from './inner';\n\nexport const use${index} = (): string => innerFrom('${index}').value;\n`,
      ]),
    );
    const repo = repos.add(makeRepo({ typescript: '7', files: { ...files, ...importers } }));
    linkLinter(repo.root, 'oxlint');
    linkTsgolint(repo.root);
    const compare = await makeSeededComparison(repo, debug);
    const redone = (lines: string[]) => lines.filter((line) => /^(?:tsc 7: checked|oxlint warm:)/.test(line)).sort();
    repo.write('src/inner.ts', inner.replace('return { value: input };', "return { value: input + '!' };"));
    const body = await compare('a body edit behind a declared return type');
    expect(body.unseeded).toBeUndefined();
    expect(body.lines).toContain("oxlint starts from the baseline in culprit's process, beside tsc");
    expect(redone(body.lines)).toEqual([
      'oxlint warm: re-linting 1 of 74 files',
      expect.stringMatching(/^tsc 7: checked 1 of \d+ files$/),
    ]);

    // Its return type changed: every importer sees it, and both redo them.
    repo.write('src/inner.ts', inner.replace('innerFrom(input: string): Box', 'innerFrom(input: string): any'));
    const widened = await compare('a return widened to any');
    expect(redone(widened.lines)).toEqual([
      'oxlint warm: re-linting 73 of 74 files',
      expect.stringMatching(/^tsc 7: checked 73 of \d+ files$/),
    ]);
  });

  it('from a baseline on TypeScript 7, keeps what a type-aware finding found again in a re-linted file was traced to, as in full', async () => {
    const loose = 'export function loose(): any {\n  return 1;\n}\n';
    const user = "import { loose } from './loose';\n\nexport const kept: string = loose();\nexport const count = 1;\n";
    const repo = repos.add(
      makeRepo({ typescript: '7', files: { ...files, 'src/loose.ts': loose, 'src/user.ts': user } }),
    );
    linkLinter(repo.root, 'oxlint');
    linkTsgolint(repo.root);
    const compare = await makeSeededComparison(repo, debug);

    // The finding on line 3 is the same (rule, message, line text); the edit is a line below it.
    repo.write('src/user.ts', user.replace('count = 1', 'count = 2'));
    const below = await compare('an edit below a type-aware finding');
    expect(below.unseeded).toBeUndefined();
    expect(below.lines).toContain('oxlint warm: re-linting 1 of 6 files');
    expect(below.findings).toContain('oxlint src/user.ts:3 typescript/no-unsafe-assignment');
  });

  it('lints everything again when a rule can read other files (the import plugin)', async () => {
    const config = JSON.stringify({ plugins: ['import', 'typescript'], rules: { 'import/no-cycle': 'error' } });
    const repo = repos.add(makeRepo({ typescript: '6.0', files: { ...files, '.oxlintrc.json': config } }));
    linkLinter(repo.root, 'oxlint');
    await settle();
    const comparison = await makeWarmComparison(engine(), repo.root);
    await comparison.compare('clean tree');
    debug.take();
    repo.write('src/inner.ts', `import { second } from './second';\n${inner}export const again = second;\n`);
    await settle();
    const cycle = await comparison.compare('an import that closes a cycle through files the edit did not touch');
    expect(debug.take().filter((line) => line.startsWith('oxlint warm:'))).toEqual([
      'oxlint warm: linting all of 4 files',
    ]);
    expect(cycle.warm.find((run) => run.name === 'oxlint')!.diagnostics.join('\n')).toContain('import/no-cycle');
  });
});
