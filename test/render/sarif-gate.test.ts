/** `culprit gate --format sarif|github` on a real repository against its checked-in baseline file. */
import { afterEach, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { bundlerTsconfig, makeRepo, type TestRepo } from '../helpers/repo.js';
import { findSarifErrors } from './sarif-validator.js';

let repo: TestRepo | undefined;
afterEach(() => repo?.cleanup());

const tsconfig = bundlerTsconfig;

test('the gate as SARIF and as annotations: new, unchanged and absent findings', () => {
  repo = makeRepo({
    files: {
      'package.json': '{ "name": "gate", "private": true, "type": "module" }',
      'tsconfig.json': tsconfig,
      'src/legacy.ts': "export const old: number = 'standing';\nexport const gone: number = 'fixed';\n",
      'src/app.ts': 'export const total = (a: number, b: number): number => a + b;\n',
    },
  });
  expect(runCli(repo.root, ['baseline', '--write']).exitCode).toBe(0);
  repo.commit('baseline');
  repo.write('src/legacy.ts', "export const old: number = 'standing';\n");
  repo.write(
    'src/app.ts',
    'export const total = (a: number, b: number): number => a + b;\nexport const label: string = total(1, 2);\n',
  );

  const sarif = runCli(repo.root, ['gate', '--format', 'sarif']);
  expect(sarif.exitCode, sarif.stderr).toBe(1);
  const log = JSON.parse(sarif.stdout) as {
    runs: {
      results: {
        ruleId: string;
        baselineState: string;
        locations: { physicalLocation: { artifactLocation: { uri: string }; region?: { startLine: number } } }[];
      }[];
    }[];
    properties: { culprit: { verdict: string } };
  };
  expect(findSarifErrors(log)).toEqual([]);
  expect(log.properties.culprit.verdict).toBe('new-findings');
  expect(
    log.runs[0]!.results.map((r) => [
      r.ruleId,
      r.baselineState,
      r.locations[0]!.physicalLocation.artifactLocation.uri,
      r.locations[0]!.physicalLocation.region?.startLine,
    ]),
  ).toEqual([
    ['TS2322', 'new', 'src/app.ts', 2],
    ['TS2322', 'unchanged', 'src/legacy.ts', 1],
    ['TS2322', 'absent', 'src/legacy.ts', undefined],
  ]);

  const github = runCli(repo.root, ['gate', '--format', 'github']);
  expect(github.exitCode).toBe(1);
  expect(github.stdout).toBe(
    [
      "::error file=src/app.ts,line=2,col=14,endLine=2,endColumn=19,title=tsc TS2322::Type 'number' is not assignable to type 'string'.",
      '::error title=culprit::gate failed: 1 finding not allowed by culprit-baseline.json (standing debt may shrink, never grow). Fix them, or accept them as debt with culprit baseline --write and commit culprit-baseline.json for review. culprit-baseline.json also lists 1 finding no longer found: run culprit baseline --prune and commit culprit-baseline.json.',
      '',
    ].join('\n'),
  );
});
