/**
 * culprit.config.json unparseable or invalid: one line naming the file and the field, exit 2,
 * for every command; nothing runs and nothing is written.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveTaskContext } from '../../src/tasks/context.js';
import { runCli } from '../helpers/cli.js';
import { makeRepo, type TestRepo } from '../helpers/repo.js';

let repo: TestRepo;
beforeAll(() => {
  repo = makeRepo({ typescript: false, files: { 'tsconfig.json': '{}', 'culprit.config.json': '{}' } });
});
afterAll(() => repo.cleanup());

async function readError(text: string): Promise<string> {
  repo.write('culprit.config.json', text);
  try {
    await resolveTaskContext({ cwd: repo.root });
  } catch (error) {
    return (error as Error).message;
  }
  return 'no error';
}

describe('culprit.config.json', () => {
  it.each([
    ['an empty file', '', 'the file is empty; write {} or delete the file'],
    ['only whitespace', ' \n\t\n', 'the file is empty; write {} or delete the file'],
    [
      'broken JSON, located',
      '{\n  "maxFiles": 2,\n}\n',
      'not valid JSON at line 3, column 1: Expected double-quoted property name in JSON at position 19',
    ],
    ['comments', '// settings\n{}', `not valid JSON: Unexpected token '/', "// settings {}" is not valid JSON`],
    ['a BOM before invalid content', '\uFEFF{ "maxFiles": 0 }', 'maxFiles: Too small: expected number to be >=1'],
    ['not an object', '[]', 'expected object, received array'],
    ['null', 'null', 'expected object, received null'],
    ['checks of the wrong type', '{ "checks": ["tsc"] }', 'checks: expected record, received array'],
    ['maxFiles of the wrong type', '{ "maxFiles": "2" }', 'maxFiles: expected number, received string'],
    ['maxFiles not an integer', '{ "maxFiles": 1.5 }', 'maxFiles: expected int, received number'],
    [
      'nonEditable not a list',
      '{ "nonEditable": { "glob": "gen/**" } }',
      'nonEditable: expected array, received object',
    ],
    [
      'a nonEditable entry without glob',
      '{ "nonEditable": [{ "hint": "run codegen" }] }',
      'nonEditable.0.glob: expected string, received undefined',
    ],
    ['outputLimit too small', '{ "outputLimit": 10 }', 'outputLimit: Too small: expected number to be >=200'],
    [
      'an unknown top-level key',
      '{ "maxfiles": 2 }',
      'maxfiles: unknown field; valid here: allowSuppressionReason, allowWeakening, budget, checks, fixBeforeBlock, maxFiles, nonEditable, outputLimit, remoteCache, serve, suppressions, verifyWarm',
    ],
    [
      'several unknown keys',
      '{ "a": 1, "b": 2, "c": 3 }',
      'a: unknown field, as are "b", "c"; valid here: allowSuppressionReason, allowWeakening, budget, checks, fixBeforeBlock, maxFiles, nonEditable, outputLimit, remoteCache, serve, suppressions, verifyWarm',
    ],
    [
      'an unknown key in an entry',
      '{ "nonEditable": [{ "glob": "gen/**", "why": "codegen" }] }',
      'nonEditable.0.why: unknown field; valid here: glob, hint',
    ],
    [
      'a nested check field of the wrong type',
      '{ "checks": { "tsc": { "project": 3 } } }',
      'checks.tsc.project: expected string, received number',
    ],
    [
      'an unknown nested check field',
      '{ "checks": { "tsc": { "projct": "tsconfig.app.json" } } }',
      'checks.tsc.projct: unknown field; valid here: enabled, kind, project, timeoutMs',
    ],
    [
      "an unknown field in one of a union's shapes",
      '{ "remoteCache": { "url": "http://cache" } }',
      'remoteCache.url: unknown field; valid here: api, team, teamId, timeoutMs',
    ],
    ['a check that is not an object', '{ "checks": { "tsc": true } }', 'checks.tsc: expected an object'],
    [
      'a check timeout of zero',
      '{ "checks": { "tsc": { "timeoutMs": 0 } } }',
      'checks.tsc.timeoutMs: Too small: expected number to be >0',
    ],
    ['an empty check name', '{ "checks": { "": { "kind": "tsc" } } }', 'checks."": Invalid key in record'],
    ['every check disabled', '{ "checks": { "tsc": { "enabled": false } } }', 'checks: every check is disabled'],
    ['a NUL byte', '\u0000{}', `not valid JSON: Unexpected token '\u0000', "\u0000{}" is not valid JSON`],
  ])('%s', async (_name, text, expected) => {
    expect(await readError(text)).toBe(`culprit.config.json: ${expected}`);
  });

  it('with a BOM and valid content is read', async () => {
    repo.write('culprit.config.json', '\uFEFF{ "maxFiles": 3 }\n');
    expect((await resolveTaskContext({ cwd: repo.root })).settings.maxFiles).toBe(3);
  });

  it('stops every command with exit 2 and one line on stderr; nothing runs, nothing is written', () => {
    repo.write('culprit.config.json', '{ "checks": { "tsc": { "timeoutMs": "soon" } } }');
    for (const args of [['start'], ['check'], ['check', '--json'], ['gate'], ['baseline', '--write']]) {
      const result = runCli(repo.root, args);
      expect([result.exitCode, result.stdout, result.stderr], args.join(' ')).toEqual([
        2,
        '',
        'culprit: culprit.config.json: checks.tsc.timeoutMs: expected number, received string\n',
      ]);
    }
    expect(existsSync(join(repo.root, '.git', 'culprit', 'sessions'))).toBe(false);
    expect(existsSync(join(repo.root, 'culprit-baseline.json'))).toBe(false);
  });
});
