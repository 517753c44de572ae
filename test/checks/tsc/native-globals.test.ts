/**
 * TypeScript 7's warm session checks everything again when a changed file could declare globals,
 * before the edit or after it (no module graph bounds what a global reaches): a script's global
 * changed, and `declare global` taken out of a module, whose text before the edit is the one the
 * last snapshot checked. Each run against the real tsgo is compared with a cold run of the tree.
 *
 * A body edit that checks only its file can still need a global type the program lacks (an async
 * generator where `lib` stops at ES2017: "Cannot find global type 'AsyncIterableIterator'"), a
 * finding of no file that only the program's global diagnostics carry: tsgo gives those after
 * checking every file (getGlobalDiagnostics), so each run asks for them again rather than keep
 * the last run's, warm and from the baseline alike.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { runTsc } from '../../../src/checks/tsc/adapter.js';
import { openTscWarmSession } from '../../../src/checks/tsc/warm.js';
import type { WarmSession } from '../../../src/checks/check-definition.js';
import type { CheckOutput } from '../../../src/checks/check.js';
import { bundlerTsconfig, makeRepo, type TestRepo } from '../../helpers/repo.js';
import { checkJson, runCli } from '../../helpers/cli.js';
import { useDebugLines } from '../../warm/helpers.js';

const files = {
  'tsconfig.json': bundlerTsconfig,
  'src/globals.ts': 'declare const taxRate: number;\n',
  'src/unit.ts': 'export {};\ndeclare global {\n  const unit: string;\n}\n',
  'src/total.ts': 'export const total = (amount: number): number => amount * taxRate;\n',
  'src/label.ts': 'export const label = (): number => unit.length;\n',
  'src/plain.ts': 'export const plain = (): string => "a";\n',
};

const sessions: WarmSession[] = [];
const repos: TestRepo[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.close?.();
  for (const repo of repos.splice(0)) repo.cleanup();
});
const debug = useDebugLines();

/**
 * Files written less than 2 s before a session records them count as changed again at its next
 * run (racy timestamps): each run waits for the files to age, so that the session sees only the
 * edited file changed.
 */
const settle = () => new Promise((resolve) => setTimeout(resolve, 2_100));

const request = (repo: TestRepo) => ({ root: repo.root, options: { project: 'tsconfig.json' } });
const listFindings = (output: CheckOutput) =>
  output.diagnostics.map((finding) => `${finding.path}:${finding.line} ${finding.code}`).sort();

describe("TypeScript 7's warm session", () => {
  it(
    'checks every file again when an edited file declared globals before the edit or declares them now',
    { timeout: 30_000 },
    async () => {
      const repo = makeRepo({ git: false, typescript: '7', files });
      repos.push(repo);
      const session = await openTscWarmSession(request(repo));
      sessions.push(session);
      /** Writes the file, runs the session with it as the hint: its findings (a cold run's) and what it checked again. */
      const edit = async (path: string, text: string) => {
        repo.write(path, text);
        await settle();
        const { output } = await session.run([join(repo.root, path)], {
          sessions: [],
          affected: new Set(),
          typescriptPath: undefined,
        });
        const findings = listFindings(await output);
        expect(findings, path).toEqual(listFindings(await runTsc(request(repo))));
        return { findings, checked: debug.take().filter((line) => line.startsWith('tsc 7: checked')) };
      };
      const all = [expect.stringMatching(/^tsc 7: checked (\d+) of \1 files$/)];

      await settle();
      expect(
        listFindings(
          await (
            await session.run(null, { sessions: [], affected: new Set(), typescriptPath: undefined })
          ).output,
        ),
      ).toEqual([]);
      debug.take();

      // A body edit of a plain module: only that file is checked again.
      const plain = await edit('src/plain.ts', 'export const plain = (): string => "b";\n');
      expect(plain.checked).toEqual([expect.stringMatching(/^tsc 7: checked 1 of \d+ files$/)]);

      // A script's global changes type: the file using it imports nothing.
      const changed = await edit('src/globals.ts', 'declare const taxRate: string;\n');
      expect(changed.findings).toContain('src/total.ts:1 TS2363');
      expect(changed.checked).toEqual(all);

      // `declare global` taken out of a module: only the text the last run checked declared it.
      const removed = await edit('src/unit.ts', 'export const unit = "kg";\n');
      expect(removed.findings).toContain('src/label.ts:1 TS2304');
      expect(removed.checked).toEqual(all);
    },
  );

  it(
    'finds a global type a body edit needs and the program lacks, checking only the edited file',
    { timeout: 30_000 },
    async () => {
      const repo = makeRepo({ git: false, typescript: '7', files: es2017Files });
      repos.push(repo);
      const session = await openTscWarmSession(request(repo));
      sessions.push(session);
      await settle();
      const typed = { sessions: [], affected: new Set<string>(), typescriptPath: undefined };
      expect(listFindings(await (await session.run(null, typed)).output)).toEqual([]);
      debug.take();

      repo.write('src/plain.ts', asyncGeneratorBody);
      await settle();
      const findings = listFindings(await (await session.run([join(repo.root, 'src/plain.ts')], typed)).output);
      expect(debug.take().filter((line) => line.startsWith('tsc 7: checked'))).toEqual([
        expect.stringMatching(/^tsc 7: checked 1 of \d+ files$/),
      ]);
      expect(findings).toEqual(['null:0 TS2318']);
      expect(findings).toEqual(listFindings(await runTsc(request(repo))));
    },
  );
});

describe('a cold check from the baseline on TypeScript 7', () => {
  it(
    'finds a global type a body edit needs and the program lacks, checking only what the edit reaches',
    { timeout: 60_000 },
    () => {
      const repo = makeRepo({ typescript: '7', files: es2017Files });
      repos.push(repo);
      expect(runCli(repo.root, ['start']).exitCode).toBe(0);
      repo.write('src/plain.ts', asyncGeneratorBody);
      const result = runCli(repo.root, ['check', '--json'], { env: { CULPRIT_DEBUG: '1' } });
      // The edited file alone (a body behind its declared return type: its importer sees the same);
      // the rest keep the baseline's results.
      expect(result.stderr).toMatch(/^culprit debug: tsc 7: checked 1 of \d+ files$/m);
      const report = JSON.parse(result.stdout) as ReturnType<typeof checkJson>['report'];
      expect(report.verdict).toBe('introduced');
      expect(report.shown.map((finding) => [finding.tool, finding.code, finding.path])).toEqual([
        ['tsc', 'TS2318', null],
      ]);
    },
  );
});

/** `lib` up to ES2017: no AsyncIterableIterator, which an async generator's type needs. */
const es2017Files = {
  'tsconfig.json': JSON.stringify({
    compilerOptions: { target: 'es2017', lib: ['es2017'], module: 'esnext', strict: true, noEmit: true, types: [] },
    include: ['src'],
  }),
  'src/plain.ts': 'export function plain(): number {\n  return 1;\n}\n',
  'src/use.ts': "import { plain } from './plain';\n\nexport const used = (): number => plain() + 1;\n",
};

/** The same signature, a body that declares an async generator. */
const asyncGeneratorBody =
  'export function plain(): number {\n  async function* numbers() {\n    yield 1;\n  }\n  void numbers;\n  return 1;\n}\n';
