/**
 * TypeScript 7's warm session checks everything again when a changed file could declare globals,
 * before the edit or after it (no module graph bounds what a global reaches): a script's global
 * changed, and `declare global` taken out of a module, whose text before the edit is the one the
 * last snapshot checked. Each run against the real tsgo is compared with a cold run of the tree.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { runTsc } from '../../../src/checks/tsc/adapter.js';
import { openTscWarmSession } from '../../../src/checks/tsc/warm.js';
import type { WarmSession } from '../../../src/checks/check-definition.js';
import type { CheckOutput } from '../../../src/checks/check.js';
import { bundlerTsconfig, makeRepo, type TestRepo } from '../../helpers/repo.js';
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
});
