import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResolvedCheck } from '../../../src/checks/check.js';
import { runCheck } from '../../../src/checks/runner/run-check.js';
import { parseSarifLog } from '../../../src/checks/output/sarif-log.js';
import { makeRepo, type TestRepo } from '../../helpers/repo.js';
import { todoFiles } from '../../fixtures/sarif-todos.js';
import { isProcessAlive, waitFor } from '../helpers.js';

const repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

function makeCommandRepo(files: Record<string, string>): TestRepo {
  const repo = makeRepo({ files, typescript: false, git: false });
  repos.push(repo);
  return repo;
}

const commandCheck = (
  root: string,
  command: string[],
  options: { timeoutMs?: number; maxOutputBytes?: number } = {},
): ResolvedCheck => ({
  name: 'todos',
  kind: 'command',
  timeoutMs: options.timeoutMs ?? 60_000,
  options: {
    workTree: root,
    command,
    format: 'sarif',
    phase: 'lint',
    maxOutputBytes: options.maxOutputBytes ?? 64 * 1024 * 1024,
  },
});

describe('SARIF command adapter', () => {
  it('runs the command in the root and reads its SARIF, a non-zero exit with a valid log included', async () => {
    const repo = makeCommandRepo(todoFiles);
    const run = await runCheck(commandCheck(repo.root, ['node', 'todo-check.mjs']), repo.root);
    expect(run).toMatchObject({ name: 'todos', status: 'ok', version: '1.2.0' });
    expect(run.diagnostics).toEqual([
      {
        tool: 'todos',
        code: 'todo',
        severity: 'warning',
        phase: 'lint',
        path: 'src/cart.js',
        line: 2,
        column: 6,
        message: 'Unfinished work: apply discounts',
      },
      {
        tool: 'todos',
        code: 'todo',
        severity: 'warning',
        phase: 'lint',
        path: 'src/shipping.js',
        line: 1,
        column: 4,
        message: 'Unfinished work: international rates',
      },
    ]);
    expect(run.imports).toBeUndefined();
  });

  it('passes arguments as they are, without a shell', async () => {
    const repo = makeCommandRepo({
      'echo-args.mjs': `const log = { version: '2.1.0', runs: [{ tool: { driver: { name: 'echo' } }, results: [{ ruleId: 'arg', message: { text: process.argv[2] } }] }] };
process.stdout.write(JSON.stringify(log));
`,
    });
    const tricky = '$HOME; touch pwned && echo `id` > pwned';
    const run = await runCheck(commandCheck(repo.root, ['node', 'echo-args.mjs', tricky]), repo.root);
    expect(run.diagnostics).toEqual([
      {
        tool: 'todos',
        code: 'arg',
        severity: 'warning',
        phase: 'lint',
        path: null,
        line: 0,
        column: 0,
        message: tricky,
      },
    ]);
    expect(existsSync(join(repo.root, 'pwned'))).toBe(false);
  });

  it('fails with one line when the command prints something that is not SARIF 2.1.0', async () => {
    const repo = makeCommandRepo({
      'chatty.mjs':
        "console.log('Checking 3 files…'); console.error('warning: deprecated flag'); process.exitCode = 1;\n",
      'old.mjs': "process.stdout.write(JSON.stringify({ version: '2.0.0', runs: [] }));\n",
    });
    const chatty = await runCheck(commandCheck(repo.root, ['node', 'chatty.mjs']), repo.root);
    expect(chatty.status).toBe('failed');
    expect(chatty.error).toMatch(
      /^node chatty\.mjs \(exit code 1\) printed no SARIF 2\.1\.0 log: stdout is not JSON \(.*\); it starts with "Checking 3 files…"; stderr: warning: deprecated flag$/,
    );
    const old = await runCheck(commandCheck(repo.root, ['node', 'old.mjs']), repo.root);
    expect(old.error).toBe(
      'node old.mjs (exit code 0) printed no SARIF 2.1.0 log: not a SARIF 2.1.0 log: version: expected "2.1.0"',
    );
  });

  it('stops a command that prints 100 MB and fails clearly, without holding it', async () => {
    const repo = makeCommandRepo({
      'flood.mjs':
        "const chunk = 'x'.repeat(1 << 20);\nlet left = 100;\nconst write = () => { while (left > 0) { left--; if (!process.stdout.write(chunk)) { process.stdout.once('drain', write); return; } } };\nwrite();\n",
    });
    // How long stopping it takes is measured in `npm run bench` (bench/command-checks.ts), not asserted here.
    const run = await runCheck(commandCheck(repo.root, ['node', 'flood.mjs']), repo.root);
    expect(run.status).toBe('failed');
    expect(run.error).toBe(
      'node flood.mjs printed more than 64 MiB on stdout and was stopped; culprit does not read further',
    );
  });

  it('fails, never clean, when the log says the tool did not finish: results null, an unsuccessful invocation, an error notification', async () => {
    const driver = { name: 'todo-check', version: '1.2.0' };
    const repo = makeCommandRepo({
      'print.mjs': `process.stdout.write(process.argv[2]); process.exitCode = 0;\n`,
      'src/a.js': 'export const a = 1;\n',
    });
    const runWith = (log: object) =>
      runCheck(commandCheck(repo.root, ['node', 'print.mjs', JSON.stringify({ version: '2.1.0', ...log })]), repo.root);
    const nullResults = await runWith({ runs: [{ tool: { driver }, results: null }] });
    expect(nullResults).toMatchObject({
      status: 'failed',
      diagnostics: [],
      error: 'todo-check gave "results": null, a run that produced no results',
    });
    const unsuccessful = await runWith({
      runs: [
        {
          tool: { driver },
          invocations: [
            {
              executionSuccessful: false,
              toolExecutionNotifications: [
                { level: 'error', message: { text: 'could not read\nsrc/a.js' } },
                { level: 'warning', message: { text: 'slow' } },
              ],
            },
          ],
          results: [],
        },
      ],
    });
    expect(unsuccessful).toMatchObject({
      status: 'failed',
      error: 'todo-check says its run did not succeed: could not read src/a.js',
    });
    const notified = await runWith({
      runs: [
        {
          tool: { driver },
          invocations: [
            {
              executionSuccessful: true,
              toolExecutionNotifications: [{ level: 'error', message: { text: 'rule R9 crashed' } }],
            },
          ],
          results: [],
        },
      ],
    });
    expect(notified).toMatchObject({
      status: 'failed',
      error: 'todo-check reported an error running: rule R9 crashed',
    });
    const fine = await runWith({
      runs: [
        { tool: { driver }, invocations: [{ executionSuccessful: true, toolExecutionNotifications: [] }], results: [] },
      ],
    });
    expect(fine).toMatchObject({ status: 'ok', diagnostics: [] });
  });

  it('takes its coverage from the artifacts the log marks as analysed, and says nothing when the log cannot tell', async () => {
    const driver = { name: 'todo-check' };
    const repo = makeCommandRepo({
      'print.mjs': `process.stdout.write(process.argv[2]);\n`,
      'src/a.js': '',
      'src/b.js': '',
      'src/c.js': '',
    });
    const result = {
      ruleId: 'todo',
      message: { text: 'todo' },
      locations: [{ physicalLocation: { artifactLocation: { uri: 'src/a.js' } } }],
    };
    const runWith = (run: object) =>
      runCheck(
        commandCheck(repo.root, [
          'node',
          'print.mjs',
          JSON.stringify({ version: '2.1.0', runs: [{ tool: { driver }, ...run }] }),
        ]),
        repo.root,
      );
    const roles = await runWith({
      artifacts: [
        { location: { uri: 'src/a.js' }, roles: ['analysisTarget'] },
        { location: { uri: 'src/b.js' }, roles: ['analysisTarget', 'resultFile'] },
        { location: { uri: 'src/c.js' }, roles: ['referencedOnCommandLine'] },
        { location: { uri: '../outside.js' }, roles: ['analysisTarget'] },
      ],
      results: [result],
    });
    expect(roles).toMatchObject({ status: 'ok', checkedPaths: ['src/a.js', 'src/b.js'] });
    const listed = await runWith({
      artifacts: [{ location: { uri: 'src/a.js' } }, { location: { uri: 'src/c.js' } }],
      results: [result],
    });
    expect(listed.checkedPaths).toEqual(['src/a.js', 'src/c.js']);
    // Artifacts only where results are: a producer listing the files with results says nothing of the others.
    const onlyResults = await runWith({ artifacts: [{ location: { uri: 'src/a.js' } }], results: [result] });
    expect(onlyResults.status).toBe('ok');
    expect(onlyResults.checkedPaths).toBeUndefined();
    const none = await runWith({ artifacts: [{ location: { uri: 'src/a.js' }, roles: ['resultFile'] }], results: [] });
    expect(none.status).toBe('failed');
    expect(none.error).toMatch(/ checked no file: a run that covers nothing cannot say the code is clean$/);
  });

  it('honours the timeout and kills the command with everything it started', async () => {
    const repo = makeCommandRepo({
      'hang.mjs':
        "import { spawn } from 'node:child_process';\nimport { writeFileSync } from 'node:fs';\nconst sleeper = spawn('sleep', ['300'], { stdio: 'ignore' });\nwriteFileSync('pids.json', JSON.stringify({ command: process.pid, sleeper: sleeper.pid }));\nsetInterval(() => {}, 1000);\n",
    });
    const run = await runCheck(commandCheck(repo.root, ['node', 'hang.mjs'], { timeoutMs: 6_000 }), repo.root);
    expect(run).toMatchObject({ status: 'timed-out', error: 'todos did not finish within 6000 ms and was stopped' });
    const pids = JSON.parse(readFileSync(join(repo.root, 'pids.json'), 'utf8')) as { command: number; sleeper: number };
    expect(await waitFor(() => !isProcessAlive(pids.command) && !isProcessAlive(pids.sleeper), 5_000)).toBe(true);
  });

  it('is missing when the program is not installed, and looks in node_modules/.bin first', async () => {
    const repo = makeCommandRepo({});
    const missing = await runCheck(commandCheck(repo.root, ['no-such-linter-9f2c', '--sarif']), repo.root);
    expect(missing).toMatchObject({
      status: 'missing',
      error:
        'no-such-linter-9f2c --sarif: no-such-linter-9f2c was not found in node_modules/.bin, a virtualenv or on PATH',
    });
    const relative = await runCheck(commandCheck(repo.root, ['./bin/lint']), repo.root);
    expect(relative.status).toBe('missing');

    const local = join(repo.root, 'node_modules', '.bin', 'no-such-linter-9f2c');
    mkdirSync(dirname(local), { recursive: true });
    writeFileSync(
      local,
      `#!${process.execPath}\nprocess.stdout.write(JSON.stringify({ version: '2.1.0', runs: [{ tool: { driver: { name: 'local', version: '0.0.1' } }, results: [] }] }));\n`,
    );
    chmodSync(local, 0o755);
    const found = await runCheck(commandCheck(repo.root, ['no-such-linter-9f2c', '--sarif']), repo.root);
    expect(found).toMatchObject({ status: 'ok', version: '0.0.1', diagnostics: [] });
  });
});

describe('parseSarifLog', () => {
  const root = '/repo';
  const context = { root, toRepoPath: (absolute: string) => absolute.replace(/^\/repo\//, ''), phase: 'lint' as const };
  const driver = {
    name: 'scanner',
    semanticVersion: '3.1.0',
    rules: [
      {
        id: 'R1',
        defaultConfiguration: { level: 'error' },
        messageStrings: { default: { text: 'Use {0} instead of {1}.' } },
      },
      { id: 'R2' },
    ],
  };
  const at = (artifactLocation: object, region: object = { startLine: 3, startColumn: 5 }) => [
    { physicalLocation: { artifactLocation, region } },
  ];

  it('resolves URIs through uriBaseId chains, artifacts, file:// URIs and percent-encoding, relative to the root', () => {
    const log = {
      version: '2.1.0',
      runs: [
        {
          tool: { driver },
          originalUriBaseIds: { SRC: { uri: 'src/', uriBaseId: 'ROOT' }, ROOT: { uri: pathToFileURL('/repo/').href } },
          artifacts: [{ location: { uri: 'lib/a%20b.ts', uriBaseId: 'SRC' } }],
          results: [
            { ruleId: 'R2', message: { text: 'via base chain' }, locations: at({ uri: 'x.ts', uriBaseId: 'SRC' }) },
            { ruleId: 'R2', message: { text: 'via artifact index' }, locations: at({ index: 0 }) },
            { ruleId: 'R2', message: { text: 'file URI' }, locations: at({ uri: 'file:///repo/docs/readme.md' }) },
            {
              ruleId: 'R2',
              message: { text: 'undefined base' },
              locations: at({ uri: 'y.ts', uriBaseId: '%SRCROOT%' }),
            },
            { ruleId: 'R2', message: { text: 'remote' }, locations: at({ uri: 'https://example.invalid/z.ts' }) },
            {
              ruleId: 'R2',
              message: { text: 'no region' },
              locations: [{ physicalLocation: { artifactLocation: { uri: 'w.ts' } } }],
            },
          ],
        },
      ],
    };
    expect(
      parseSarifLog(JSON.stringify(log), context).diagnostics.map((d) => [d.message, d.path, d.line, d.column]),
    ).toEqual([
      ['via base chain', 'src/x.ts', 3, 5],
      ['via artifact index', 'src/lib/a b.ts', 3, 5],
      ['file URI', 'docs/readme.md', 3, 5],
      ['undefined base', 'y.ts', 3, 5],
      ['remote', null, 0, 0],
      ['no region', 'w.ts', 0, 0],
    ]);
  });

  it('keeps failures only, takes levels from the rule, and fills message strings', () => {
    const log = {
      version: '2.1.0',
      runs: [
        {
          tool: { driver },
          results: [
            {
              ruleIndex: 0,
              message: { id: 'default', arguments: ['const', 'var'] },
              locations: at({ uri: 'a.js' }, { startLine: 1, startColumn: 1, endLine: 1, endColumn: 4 }),
            },
            { ruleId: 'R2', level: 'note', message: { markdown: '**note**' }, locations: at({ uri: 'a.js' }) },
            { ruleId: 'R2', kind: 'pass', message: { text: 'passed' } },
            { ruleId: 'R2', level: 'none', message: { text: 'nothing' } },
            { ruleId: 'R2', message: { text: 'suppressed' }, suppressions: [{ kind: 'inSource' }] },
            {
              ruleId: 'R2',
              message: { text: 'rejected suppression' },
              suppressions: [{ kind: 'external', status: 'rejected' }],
            },
            { ruleId: 'R2', message: { text: 'gone' }, baselineState: 'absent' },
          ],
        },
        { tool: { driver: { name: 'second' } }, results: null },
      ],
    };
    const parsed = parseSarifLog(JSON.stringify(log), context);
    expect(parsed.version).toBe('3.1.0');
    // `results: null` is a run that produced no results: never read as a clean one.
    expect(parsed.failures).toEqual(['second gave "results": null, a run that produced no results']);
    expect(parsed.diagnostics).toEqual([
      {
        tool: 'scanner',
        code: 'R1',
        severity: 'error',
        phase: 'lint',
        path: 'a.js',
        line: 1,
        column: 1,
        endLine: 1,
        endColumn: 4,
        message: 'Use const instead of var.',
      },
      {
        tool: 'scanner',
        code: 'R2',
        severity: 'warning',
        phase: 'lint',
        path: 'a.js',
        line: 3,
        column: 5,
        message: '**note**',
      },
      {
        tool: 'scanner',
        code: 'R2',
        severity: 'warning',
        phase: 'lint',
        path: null,
        line: 0,
        column: 0,
        message: 'rejected suppression',
      },
    ]);
  });

  it('says on one line why a log is not SARIF 2.1.0', () => {
    expect(() => parseSarifLog('', context)).toThrow('stdout was empty');
    expect(() => parseSarifLog('{"version":"2.1.0","runs":[{"tool":{}}]}', context)).toThrow(
      'not a SARIF 2.1.0 log: runs.0.tool.driver: expected object, received undefined',
    );
    expect(() => parseSarifLog('{"version":"2.1.0"}', context)).toThrow(
      'not a SARIF 2.1.0 log: runs: expected array, received undefined',
    );
  });
});
