/**
 * The repository's tools missing, broken, crashing, printing garbage or too much, or running
 * forever, through the CLI. Each ends with exit 2 and one line naming the check, what failed and
 * where; none is ever reported clean.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../checks/helpers.js';
import { cliPath, runCli } from '../helpers/cli.js';
import { makeRepo, type TestRepo } from '../helpers/repo.js';
import { findProcessGroup, findProcessesIn } from './helpers.js';

const repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

const tsconfig = JSON.stringify({ compilerOptions: { lib: ['es2022'], strict: true, types: [] }, include: ['src'] });

function makeTsRepo(files: Record<string, string> = {}, options: { eslint?: '10' } = {}): TestRepo {
  const repo = makeRepo({
    typescript: false,
    ...(options.eslint === undefined ? {} : { eslint: options.eslint }),
    git: false,
    files: {
      'package.json': '{ "type": "module" }\n',
      'tsconfig.json': tsconfig,
      'src/a.ts': 'export const a: number = 1;\n',
      ...files,
    },
  });
  repos.push(repo);
  return repo;
}

interface StartJson {
  clean: boolean;
  complete: boolean;
  checks: { name: string; status: string; error?: string }[];
}

function startJson(repo: TestRepo): { exitCode: number; start: StartJson } {
  const result = runCli(repo.root, ['start', '--json']);
  return { exitCode: result.exitCode, start: JSON.parse(result.stdout) as StartJson };
}

/** Writes a fake package into the repository's node_modules. */
function writePackage(repo: TestRepo, name: string, manifest: object, files: Record<string, string> = {}): string {
  const dir = join(repo.root, 'node_modules', name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version: '6.0.0', ...manifest }));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

describe('missing tools', () => {
  it('typescript: start says the baseline is incomplete, in one line naming the package and the root, exit 2', () => {
    const repo = makeTsRepo();
    const result = runCli(repo.root, ['start']);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe(
      `culprit: the baseline is incomplete, so check cannot attribute tsc until start succeeds: tsc missing: typescript is not installed in ${repo.root}: no typescript found from ${repo.root} upwards.\n`,
    );
    expect(startJson(repo)).toMatchObject({
      exitCode: 2,
      start: { clean: false, complete: false, checks: [{ name: 'tsc', status: 'missing' }] },
    });
  });

  it('eslint: check is not clean, exit 2, its first line names the check and the root', () => {
    const repo = makeRepo({
      typescript: false,
      files: {
        'eslint.config.js': 'export default [];\n',
        'package.json': '{ "type": "module" }\n',
        'a.js': 'export const a = 1;\n',
      },
    });
    repos.push(repo);
    const result = runCli(repo.root, ['check']);
    expect(result.exitCode).toBe(2);
    expect(result.stdout.split('\n')[0]).toBe(
      `culprit: this is NOT a clean result: eslint is missing (eslint is not installed in ${repo.root}: no eslint found from ${repo.root} upwards). Fix that and run culprit check again; until then nothing below is complete.`,
    );
  });
});

describe('broken tools', () => {
  it('a typescript whose main throws on load', () => {
    const repo = makeTsRepo();
    writePackage(
      repo,
      'typescript',
      { main: 'lib/typescript.js' },
      { 'lib/typescript.js': "throw new Error('corrupt install: lib.d.ts is missing');\n" },
    );
    expect(startJson(repo)).toMatchObject({
      exitCode: 2,
      start: {
        clean: false,
        checks: [
          {
            status: 'failed',
            error: `typescript is installed but could not be loaded (typescript at ${repo.root}/node_modules/typescript/lib/typescript.js): corrupt install: lib.d.ts is missing`,
          },
        ],
      },
    });
  });

  it('a typescript whose package.json main points nowhere is broken, not missing', () => {
    const repo = makeTsRepo();
    const dir = writePackage(repo, 'typescript', { main: 'lib/nowhere.js' });
    const { start } = startJson(repo);
    expect(start.checks[0]?.status).toBe('failed');
    expect(start.checks[0]?.error).toMatch(
      new RegExp(
        `^typescript is installed but could not be loaded \\(typescript at ${dir}\\): Cannot find module '${dir}/lib/nowhere\\.js'`,
      ),
    );
  });

  it('a typescript that is not one (a stub without the compiler API)', () => {
    const repo = makeTsRepo();
    writePackage(
      repo,
      'typescript',
      { main: 'index.js' },
      { 'index.js': "module.exports = { version: '6.0.0', versionMajorMinor: '6.0' };\n" },
    );
    expect(startJson(repo).start.checks[0]?.error).toBe(
      `typescript is installed but is not usable (typescript at ${repo.root}/node_modules/typescript/index.js): it exports no createProgram, no getParsedCommandLineOfConfigFile`,
    );
  });

  it('an eslint whose main throws on load', () => {
    const repo = makeRepo({
      typescript: false,
      git: false,
      files: { 'eslint.config.js': 'export default [];\n', 'a.js': 'export const a = 1;\n' },
    });
    repos.push(repo);
    writePackage(repo, 'eslint', { main: 'lib/api.js' }, { 'lib/api.js': "require('./missing-rule-loader');\n" });
    const { exitCode, start } = startJson(repo);
    expect(exitCode).toBe(2);
    expect(start.checks[0]).toMatchObject({ name: 'eslint', status: 'failed' });
    expect(start.checks[0]?.error).toMatch(
      /^eslint is installed but could not be loaded \(eslint at .*\/lib\/api\.js\): Cannot find module '\.\/missing-rule-loader'$/,
    );
  });
});

describe('checks that crash or print garbage', () => {
  it('a check worker killed by a signal is failed, never clean', () => {
    const repo = makeRepo({
      typescript: false,
      eslint: '10',
      files: {
        'package.json': '{ "type": "module" }\n',
        'eslint.config.js': "process.kill(process.pid, 'SIGKILL');\nexport default [];\n",
        'a.js': '',
      },
    });
    repos.push(repo);
    const result = runCli(repo.root, ['check']);
    expect(result.exitCode).toBe(2);
    expect(result.stdout.split('\n')[0]).toBe(
      'culprit: this is NOT a clean result: eslint failed (eslint stopped without a result (signal SIGKILL): it wrote nothing to stderr). Fix that and run culprit check again; until then nothing below is complete.',
    );
  });

  const commandRepo = (script: string, check: object = {}) => {
    const repo = makeRepo({
      typescript: false,
      git: false,
      files: {
        'tool.mjs': script,
        'culprit.config.json': JSON.stringify({ checks: { lint: { command: ['node', 'tool.mjs'], ...check } } }),
      },
    });
    repos.push(repo);
    return repo;
  };

  it('a tool that exits with garbage on stdout', () => {
    const repo = commandRepo(
      "process.stdout.write(Buffer.from([0xff, 0xfe, 0x00, 0x1b, 0x5b, 0x41, 0x0a]));\nprocess.stderr.write('Segmentation fault\\n');\nprocess.exitCode = 139;\n",
    );
    const { start } = startJson(repo);
    expect(start.checks[0]?.status).toBe('failed');
    expect(start.checks[0]?.error).toMatch(
      /^node tool\.mjs \(exit code 139\) printed no SARIF 2\.1\.0 log: stdout is not JSON \(.*\); it starts with ".*"; stderr: Segmentation fault$/,
    );
    expect(start.checks[0]?.error).not.toContain('\n');
  });

  it('a tool that prints JSON that is not SARIF', () => {
    const repo = commandRepo("console.log(JSON.stringify({ results: [{ file: 'a.js', line: 1 }] }));\n");
    expect(startJson(repo).start.checks[0]?.error).toBe(
      'node tool.mjs (exit code 0) printed no SARIF 2.1.0 log: not a SARIF 2.1.0 log: version: expected "2.1.0"',
    );
  });

  // How long stopping it takes and culprit's peak memory meanwhile are measured in `npm run bench`
  // (bench/command-checks.ts), not asserted here.
  it('a tool that prints 100 MB is stopped and fails clearly', () => {
    const repo = commandRepo(
      "const chunk = Buffer.alloc(1 << 20, 'x');\nlet left = 100;\nconst write = () => { while (left > 0) { left--; if (!process.stdout.write(chunk)) { process.stdout.once('drain', write); return; } } };\nwrite();\n",
    );
    const result = spawnSync(process.execPath, [cliPath, 'start', '--json'], { cwd: repo.root, encoding: 'utf8' });
    const start = JSON.parse(result.stdout) as StartJson;
    expect(result.status).toBe(2);
    expect(start.checks[0]).toMatchObject({
      status: 'failed',
      error: 'node tool.mjs printed more than 64 MiB on stdout and was stopped; culprit does not read further',
    });
  });

  it('a tool that runs past its timeout is killed with its whole process group', async () => {
    const repo = commandRepo(
      `import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
// A child that starts a grandchild of its own, so the group is three deep.
const child = spawn('sh', ['-c', 'sleep 300 & sleep 300'], { stdio: 'ignore' });
const stat = readFileSync('/proc/self/stat', 'utf8');
writeFileSync('group.json', JSON.stringify({ pgid: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]), child: child.pid }));
setInterval(() => {}, 1000);
`,
      // Room for node to start the tool and the tool its children on a loaded machine before the timeout.
      { timeoutMs: 5_000 },
    );
    const result = runCli(repo.root, ['start']);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe(
      'culprit: the baseline is incomplete, so check cannot attribute lint until start succeeds: lint timed-out: lint did not finish within 5000 ms and was stopped.\n',
    );
    const { pgid } = JSON.parse(readFileSync(join(repo.root, 'group.json'), 'utf8')) as { pgid: number };
    expect(await waitFor(() => findProcessGroup(pgid).length === 0, 30_000)).toBe(true);
    expect(findProcessesIn(repo.root)).toEqual([]);
  });
});
