/**
 * `culprit fix` answered by the work tree's `culprit serve`, its checks warm: the same fixes and
 * report a cold fix gives, and the server's next check sees the tree the fixes wrote.
 */
import { afterEach, expect, test } from 'vitest';
import { waitFor } from '../checks/helpers.js';
import { runCli } from '../helpers/cli.js';
import { bundlerTsconfig, makeRepo, type TestRepo } from '../helpers/repo.js';
import { introducedLet, preferConstFiles } from '../fixtures/prefer-const.js';
import { runCliAsync, startCli, type BackgroundCli } from './helpers.js';

let repo: TestRepo | undefined;
let server: BackgroundCli | undefined;
afterEach(async () => {
  if (server !== undefined && repo !== undefined) {
    runCli(repo.root, ['serve', '--stop']);
    await server.exited;
  }
  repo?.cleanup();
});

test('a served fix writes what a cold one would, and the next served check sees it', async () => {
  repo = makeRepo({
    typescript: false,
    eslint: '10',
    files: preferConstFiles,
  });
  server = startCli(repo.root, ['serve'], { CULPRIT_DEBUG: '1' });
  const stderr = server.stderr;
  if (!(await waitFor(() => /serving \S+ on \S+/.test(stderr()), 30_000)))
    throw new Error(`culprit serve did not start:\n${stderr()}`);
  repo.write('src/a.js', introducedLet);

  const fix = await runCliAsync(repo.root, ['fix', '--json'], { CULPRIT_DEBUG: '1' });
  expect(fix.stderr).toContain('culprit debug: serve: answered by the server');
  const output = JSON.parse(fix.stdout) as { verdict: string; fixes: { path: string; code: string }[] };
  expect(output.fixes.map((one) => [one.path, one.code])).toEqual([['src/a.js', 'prefer-const']]);
  expect(output.verdict).toBe('clean');
  expect(repo.read('src/a.js')).toBe(
    'let standing = 1;\nexport const a = standing;\nconst introduced = 2;\nexport const b = introduced;\n',
  );
  const check = await runCliAsync(repo.root, ['check', '--json'], { CULPRIT_DEBUG: '1' });
  expect(check.stderr).toContain('culprit debug: serve: answered by the server');
  expect(JSON.parse(check.stdout)).toMatchObject({ verdict: 'clean', counts: { standing: 1 } });
});

test("a served fix finishes a rename with TypeScript's rename provider on the baseline, as a cold one does", async () => {
  const files = {
    'package.json': '{ "name": "served-rename", "private": true, "type": "module" }',
    'tsconfig.json': bundlerTsconfig,
    'src/types.ts': 'export interface Rate {\n  amount: number;\n}\n',
    'src/use.ts':
      "import type { Rate } from './types';\nexport const double = ({ amount }: Rate): number => amount * 2;\nexport const keys: (keyof Rate)[] = ['amount'];\nexport const read = (rate: Rate): number => rate.amount;\n",
  };
  const renamed = 'export interface Rate {\n  value: number;\n}\n';
  const expected =
    "import type { Rate } from './types';\nexport const double = ({ value: amount }: Rate): number => amount * 2;\nexport const keys: (keyof Rate)[] = ['amount'];\nexport const read = (rate: Rate): number => rate.value;\n";
  // Cold first, in a repository of its own: what the served fix must write.
  const cold = makeRepo({ files });
  try {
    cold.write('src/types.ts', renamed);
    const result = runCli(cold.root, ['fix', '--json'], { env: { CULPRIT_NO_SERVE: '1' } });
    expect(JSON.parse(result.stdout)).toMatchObject({ verdict: 'introduced' });
    expect(cold.read('src/use.ts')).toBe(expected);
  } finally {
    cold.cleanup();
  }
  repo = makeRepo({ files });
  server = startCli(repo.root, ['serve'], { CULPRIT_DEBUG: '1' });
  const stderr = server.stderr;
  if (!(await waitFor(() => /serving \S+ on \S+/.test(stderr()), 30_000)))
    throw new Error(`culprit serve did not start:\n${stderr()}`);
  repo.write('src/types.ts', renamed);
  const fix = await runCliAsync(repo.root, ['fix', '--json'], { CULPRIT_DEBUG: '1' });
  expect(fix.stderr).toContain('culprit debug: serve: answered by the server');
  const output = JSON.parse(fix.stdout) as { verdict: string; fixes: { source: string; cause?: string }[] };
  expect(output.fixes.map((one) => [one.source, one.cause])).toEqual([
    ['rename', 'Rate.amount'],
    ['rename', 'Rate.amount'],
  ]);
  expect(repo.read('src/use.ts')).toBe(expected);
  // What no rename reaches (a string in an array typed by keyof) is left, under the rename's cause.
  expect(output.verdict).toBe('introduced');
});
