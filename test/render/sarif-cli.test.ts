/** `culprit check --format sarif` on a real repository checked by real tsc, validated against the schema. */
import { afterEach, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { bundlerTsconfig, makeRepo, type TestRepo } from '../helpers/repo.js';
import { findSarifErrors } from './sarif-validator.js';

let repo: TestRepo | undefined;
afterEach(() => repo?.cleanup());

const tsconfig = bundlerTsconfig;

test('lists introduced, standing and resolved findings with their baseline states', () => {
  repo = makeRepo({
    files: {
      'package.json': '{ "name": "sarif", "private": true, "type": "module" }',
      'tsconfig.json': tsconfig,
      'src/types.ts': 'export interface Rate { amount: number }\n',
      'src/rates.ts': "import type { Rate } from './types';\nexport const rate = (r: Rate): number => r.amount * 2;\n",
      'src/app.ts': "import { rate } from './rates';\nexport const shown: number = rate({ amount: 1 });\n",
      'src/legacy.ts': "export const old: number = 'standing';\nexport const gone: number = 'resolved';\n",
    },
  });
  expect(runCli(repo.root, ['start']).exitCode).toBe(0);
  repo.write('src/types.ts', 'export interface Rate { value: number }\n');
  repo.write('src/legacy.ts', "export const old: number = 'standing';\n");

  const result = runCli(repo.root, ['check', '--format', 'sarif']);
  expect(result.exitCode, result.stderr).toBe(1);
  const log = JSON.parse(result.stdout) as {
    runs: {
      tool: { driver: { name: string } };
      results: {
        ruleId: string;
        baselineState: string;
        locations: { physicalLocation: { artifactLocation: { uri: string } } }[];
        properties: { shown: boolean };
      }[];
    }[];
  };
  expect(findSarifErrors(log)).toEqual([]);
  expect(log.runs.map((run) => run.tool.driver.name)).toEqual(['tsc']);
  const rows = log.runs[0]!.results.map((r) => [
    r.ruleId,
    r.baselineState,
    r.locations[0]!.physicalLocation.artifactLocation.uri,
    r.properties.shown,
  ]);
  // Both new findings are sites of the renamed `Rate.amount`, so both are shown.
  expect(rows).toEqual([
    ['TS2353', 'new', 'src/app.ts', true],
    ['TS2339', 'new', 'src/rates.ts', true],
    ['TS2322', 'unchanged', 'src/legacy.ts', false],
    ['TS2322', 'absent', 'src/legacy.ts', false],
  ]);
});
