/**
 * A debt campaign and the ratchet on lines that carry several findings, through the CLI, on real
 * type-aware ESLint and git: fixing exactly the campaign's targets ends it clean though each fixed
 * line keeps two standing findings, the prune shrinks culprit-baseline.json, and the gate maps
 * the file's entries through the diff from the commit it records, so an edited line with allowed
 * debt passes while a new finding still fails. A file without a commit, and a clone without it,
 * keep working by identity alone and say so.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { runCli, type JsonReport } from '../helpers/cli.js';
import { linkToolchain, makeRepo, typeAwareEslintConfig, bundlerTsconfig, type TestRepo } from '../helpers/repo.js';
import { useTemporaryDirectories } from '../helpers/temporary-dirs.js';

const slow = 600_000;

const makeTemporaryDir = useTemporaryDirectories();
const repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

const untyped = '// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the payload is not typed yet';
const files = {
  'package.json': '{ "name": "ratchet", "private": true, "type": "module" }',
  'tsconfig.json': bundlerTsconfig,
  'eslint.config.js': typeAwareEslintConfig,
  // Every `let` line carries prefer-const, no-unsafe-assignment and no-unsafe-member-access.
  'src/orders.ts': `${untyped}
export function orders(payload: any): number {
  let count = payload.count;
  let size = payload.size;
  return count + size;
}
`,
  'src/items.ts': `${untyped}
export function items(payload: any): number {
  let first = payload.first;
  return first;
}
`,
};

/** The campaign's fix: exactly the prefer-const targets, `let` made `const`. */
const fixTargets = (text: string) => text.replaceAll('  let ', '  const ');

interface GateJson {
  verdict: string;
  counts: { new: number; unchanged: number; absent: number; reanchored: number };
  findings: { state: string; path: string | null; line?: number; code: string; reanchoredFrom?: { path: string } }[];
  notes: string[];
}

interface BaselineJson {
  version: number;
  commit?: string;
  checks: Record<string, { files: Record<string, { count: number; code: string; source: string }[]> }>;
}

type DebtJson = JsonReport & { targets: unknown; notes: string[] };

function runJson(repo: Pick<TestRepo, 'root'>, args: readonly string[]): { exitCode: number; json: unknown } {
  const result = runCli(repo.root, [...args, '--json']);
  if (!result.stdout.startsWith('{'))
    throw new Error(`culprit ${args.join(' ')} printed no JSON (exit ${result.exitCode}): ${result.stderr}`);
  return { exitCode: result.exitCode, json: JSON.parse(result.stdout) };
}

function gateJson(repo: Pick<TestRepo, 'root'>): { exitCode: number; report: GateJson } {
  const { exitCode, json } = runJson(repo, ['gate']);
  return { exitCode, report: json as GateJson };
}

function debtJson(repo: TestRepo, args: readonly string[]): { exitCode: number; report: DebtJson } {
  const { exitCode, json } = runJson(repo, ['debt', ...args]);
  return { exitCode, report: json as DebtJson };
}

function readFile(repo: Pick<TestRepo, 'root'>): BaselineJson {
  return JSON.parse(readFileSync(join(repo.root, 'culprit-baseline.json'), 'utf8')) as BaselineJson;
}

const countEntries = (file: BaselineJson) =>
  Object.values(file.checks)
    .flatMap((check) => Object.values(check.files).flat())
    .reduce((sum, entry) => sum + entry.count, 0);

function adopted(): TestRepo {
  const repo = makeRepo({ eslint: '10', files });
  repos.push(repo);
  const write = runCli(repo.root, ['baseline', '--write']);
  expect(write.exitCode, write.stderr).toBe(0);
  repo.commit('adopt the gate');
  return repo;
}

test(
  'a campaign that fixes exactly its targets ends clean beside their lines’ standing findings, and the ratchet shrinks',
  () => {
    const repo = adopted();
    const written = readFile(repo);
    expect(written.commit).toBe(repo.git('rev-parse', 'HEAD~1').trim());
    // 8 findings and the two standing eslint-disable-next-line directives.
    expect(countEntries(written)).toBe(13);

    const start = debtJson(repo, ['start', '--rule', 'prefer-const']);
    expect(start.report.targets).toEqual({ total: 3, resolved: 0, remaining: 3 });
    for (const path of ['src/orders.ts', 'src/items.ts']) repo.write(path, fixTargets(repo.read(path)));

    const done = debtJson(repo, ['check']);
    expect(done.report.verdict).toBe('clean');
    expect(done.report.targets).toEqual({ total: 3, resolved: 3, remaining: 0 });
    expect(done.report.counts).toEqual({
      introduced: 0,
      resolved: 3,
      standing: 10,
      reworded: 0,
      reanchored: 6,
      silenced: 0,
    });
    expect(done.report.notes.some((note) => note.includes('culprit baseline --prune'))).toBe(true);
    expect(done.exitCode).toBe(0);

    // Before the prune the gate calls the fixed entries stale, and nothing new.
    const stale = gateJson(repo);
    expect(stale.report.verdict).toBe('stale-baseline');
    expect(stale.report.counts).toEqual({ new: 0, unchanged: 10, absent: 3, reanchored: 6 });

    const prune = runCli(repo.root, ['baseline', '--prune']);
    expect(prune.exitCode, prune.stderr).toBe(0);
    const pruned = readFile(repo);
    expect(countEntries(pruned)).toBe(10);
    // The entries keep the lines they were written with, and the file its commit: the diff from it finds them.
    expect(pruned.commit).toBe(written.commit);
    expect(pruned.checks['eslint']!.files['src/items.ts']!.map((entry) => [entry.code, entry.source])).toEqual([
      ['@typescript-eslint/no-unsafe-assignment', 'let first = payload.first;'],
      ['@typescript-eslint/no-unsafe-member-access', 'let first = payload.first;'],
      ['@typescript-eslint/no-unsafe-return', 'return first;'],
      ['eslint-disable-next-line', untyped],
    ]);
    const passed = gateJson(repo);
    expect([passed.exitCode, passed.report.verdict]).toEqual([0, 'pass']);
    expect(passed.report.counts).toEqual({ new: 0, unchanged: 10, absent: 0, reanchored: 6 });
    repo.commit('pay down prefer-const');

    // Committed, and edited again: allowed debt on an edited line passes; a new finding still fails.
    repo.write('src/orders.ts', repo.read('src/orders.ts').replace('payload.size;', 'payload.size ?? 0;'));
    expect(gateJson(repo).exitCode).toBe(0);
    repo.write(
      'src/orders.ts',
      repo
        .read('src/orders.ts')
        .replace('  return count + size;', '  const extra = payload.extra;\n  return count + size + extra;'),
    );
    const grown = gateJson(repo);
    expect([grown.exitCode, grown.report.verdict]).toEqual([1, 'new-findings']);
    expect(
      grown.report.findings.filter((finding) => finding.state === 'new').map((f) => `${f.path}:${f.line} ${f.code}`),
    ).toEqual([
      'src/orders.ts:5 @typescript-eslint/no-unsafe-assignment',
      'src/orders.ts:5 @typescript-eslint/no-unsafe-member-access',
    ]);
  },
  slow,
);

test(
  'baseline --write keeps its bytes, commit included, while the findings are the same; a file without a commit matches by identity and says so',
  () => {
    const repo = adopted();
    const text = readFileSync(join(repo.root, 'culprit-baseline.json'), 'utf8');
    expect(runCli(repo.root, ['baseline', '--write']).exitCode).toBe(0);
    expect(readFileSync(join(repo.root, 'culprit-baseline.json'), 'utf8')).toBe(text);

    // As an older culprit wrote it: no commit.
    const { commit: _commit, ...old } = readFile(repo);
    writeFileSync(join(repo.root, 'culprit-baseline.json'), `${JSON.stringify(old, null, 2)}\n`);
    repo.commit('the file as an older culprit wrote it');
    expect(gateJson(repo).exitCode).toBe(0);
    repo.write('src/items.ts', repo.read('src/items.ts').replace('payload.first;', 'payload.first ?? 0;'));
    const edited = gateJson(repo);
    expect([edited.exitCode, edited.report.counts]).toEqual([1, { new: 3, unchanged: 10, absent: 3, reanchored: 0 }]);
    expect(edited.report.notes).toContain(
      'culprit-baseline.json records no commit (written by an older culprit): a finding on a line edited since counts as new; the next `culprit baseline --write` records one',
    );

    // Written again, the file records the commit it is at.
    expect(runCli(repo.root, ['baseline', '--write']).exitCode).toBe(0);
    expect(readFile(repo).commit).toBe(repo.git('rev-parse', 'HEAD').trim());
  },
  slow,
);

test(
  'in a clone without the file’s commit the gate compares by identity, and says what fetching it would give',
  () => {
    const repo = adopted();
    const clone = join(makeTemporaryDir('culprit-shallow-'), 'clone');
    repo.git('clone', '--quiet', '--depth', '1', `file://${repo.root}`, clone);
    linkToolchain(clone, '6.0', '10');
    const shallow = { root: clone };
    writeFileSync(
      join(clone, 'src/items.ts'),
      readFileSync(join(clone, 'src/items.ts'), 'utf8').replace('payload.first;', 'payload.first ?? 0;'),
    );
    const gate = gateJson(shallow);
    expect(gate.exitCode).toBe(1);
    expect(gate.report.counts).toMatchObject({ new: 3, absent: 3, reanchored: 0 });
    expect(gate.report.notes).toContain(
      `culprit-baseline.json was written at commit ${readFile(shallow).commit!.slice(0, 12)}, which this clone does not have: a finding on a line edited since counts as new (fetch that commit, e.g. fetch-depth: 0, to match it through the diff)`,
    );
  },
  slow,
);
