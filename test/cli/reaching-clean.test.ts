/**
 * The agent reaches clean: a scripted agent that fixes exactly the sites the payload names, on
 * real repositories with real tsc and type-aware ESLint, through the built CLI. One cause is one
 * entry listing every site in the shown files; what follows from it is withheld and counted; a
 * cascade walked correctly keeps the Stop hook blocking, round after round, until clean.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { contextCommandFiles, contextExtensionFiles, contextFiles, renameTrField } from '../fixtures/context-rename.js';
import { agentDocuments, type AgentDocuments } from '../hooks/documents.js';
import type { Report } from '../../src/core/report/report.js';
import { checkJson, runCli } from '../helpers/cli.js';
import { readPayloadSites } from '../helpers/payload.js';
import { bundlerTsconfig, makeRepo, projectRoot, type TestRepo } from '../helpers/repo.js';

let repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos) repo.cleanup();
  repos = [];
});

function startRepo(files: Record<string, string>, eslint: '10' | false): TestRepo {
  const repo = makeRepo({ files, eslint });
  repos.push(repo);
  const start = runCli(repo.root, ['start']);
  expect(start.exitCode, start.stderr).toBe(0);
  return repo;
}

interface Attempt {
  text: string;
  report: Report;
}

/** One attempt: the payload as the agent reads it, and the same attempt's JSON (re-read, not a new attempt). */
function attempt(repo: TestRepo): Attempt {
  const text = runCli(repo.root, ['check']);
  expect(text.stderr).toBe('');
  const report = checkJson(repo.root, ['--once-per-tree']).report as unknown as Report;
  expect(text.exitCode).toBe(report.verdict === 'clean' ? 0 : 1);
  return { text: text.stdout, report };
}

/**
 * The scripted agent: at each site the payload names, the fix a model would make there, and
 * nothing anywhere else. A site it has no fix for fails the test: the payload showed something
 * that was not the agent's to fix.
 */
function fixSites(
  repo: TestRepo,
  sites: readonly string[],
  fixAt: (text: string, column: number, site: string) => string,
): void {
  const byFile = new Map<string, { line: number; column: number; site: string }[]>();
  for (const site of sites) {
    const [path, line, column] = site.split(':');
    byFile.set(path!, [...(byFile.get(path!) ?? []), { line: Number(line), column: Number(column), site }]);
  }
  for (const [path, positions] of byFile) {
    const lines = repo.read(path).split('\n');
    // Right to left, so a fix never moves a column still to be fixed on the same line.
    for (const { line, column, site } of positions.sort((a, b) => b.line - a.line || b.column - a.column)) {
      lines[line - 1] = fixAt(lines[line - 1]!, column, site);
    }
    repo.write(path, lines.join('\n'));
  }
}

describe('a context-object field renamed in 32 commands of one import cycle', () => {
  const limit = "export const limit: number = 'ten';\n";
  const identity = 'export const identity = (value) => value;\n';
  const independent = contextCommandFiles[3]!;
  const renamedTr = {
    kind: 'renamed',
    symbol: 'CommandProps.tr',
    path: 'src/types.ts',
    line: 6,
    before: 'tr: Transaction',
    after: 'transaction: Transaction',
    renamedTo: 'CommandProps.transaction',
  };

  const fixContext = (text: string, column: number, site: string): string => {
    const at = text.slice(column - 1);
    if (/^tr\b/.test(at)) return `${text.slice(0, column - 1)}transaction: tr${text.slice(column + 1)}`;
    if (text === limit.trim()) return 'export const limit: number = 10;';
    if (text === identity.trim()) return 'export const identity = (value: unknown) => value;';
    throw new Error(`the agent was shown ${site} (${text.trim()}), which is not its to fix`);
  };

  test(
    'is one entry with every site, in every file, withholds what follows from it, and is clean after one round',
    { timeout: 600_000 },
    () => {
      const repo = startRepo(contextFiles, '10');
      repo.write('src/types.ts', renameTrField(repo.read('src/types.ts')));

      const first = attempt(repo);
      const sites = readPayloadSites(first.text);
      expect(first.text.length).toBeLessThanOrEqual(4000);
      // The cause, stated once, rooted at the change, with a site in every command and extension.
      expect(first.report.groups).toHaveLength(1);
      const [group] = first.report.groups;
      expect(group!.cause).toEqual({ symbol: 'CommandProps', member: 'tr', change: renamedTr });
      const allFiles = [...contextCommandFiles, ...contextExtensionFiles];
      expect([group!.sites, group!.files]).toEqual([allFiles.length, allFiles.length]);
      expect(group!.pending).toBeUndefined();
      expect(first.text).toContain(
        'src/types.ts:6 One cause: your edit renamed `CommandProps.tr` to `transaction`. Keep the change and update the 36 sites that depend on it, or revert it.',
      );
      expect(sites).toEqual(first.report.shown.map((finding) => `${finding.path}:${finding.line}:${finding.column}`));
      expect(new Set(sites.map((site) => site.split(':')[0]))).toEqual(new Set(allFiles));
      // Nothing derived from the error type is shown: the implicit anys and the no-unsafe-* on them wait.
      expect(first.report.shown.every((finding) => finding.code === 'TS2339')).toBe(true);
      expect(first.report.withheld.reasons.echoes.count).toBeGreaterThan(contextCommandFiles.length * 2);
      expect(first.report.withheld.count).toBe(first.report.withheld.reasons.echoes.count);

      fixSites(repo, sites, fixContext);
      const last = attempt(repo);
      expect([last.report.verdict, last.report.counts.introduced]).toEqual(['clean', 0]);
    },
  );

  test(
    'keeps a genuinely independent error beside the cause group shown, and an agent fixing what it reads reaches clean',
    { timeout: 600_000 },
    () => {
      const repo = startRepo(contextFiles, '10');
      repo.write('src/types.ts', renameTrField(repo.read('src/types.ts')));
      // Beside the cause, two errors of the agent's own that do not follow from it.
      repo.write(independent, `${repo.read(independent)}${limit}${identity}`);

      const first = attempt(repo);
      const [group] = first.report.groups;
      expect([group!.cause, group!.sites]).toEqual([
        { symbol: 'CommandProps', member: 'tr', change: renamedTr },
        contextCommandFiles.length + contextExtensionFiles.length,
      ]);
      // Every site of the cause, and the independent errors beside it in the file the agent changed.
      expect(new Set(first.report.shown.map((finding) => finding.path))).toEqual(
        new Set([...contextCommandFiles, ...contextExtensionFiles]),
      );
      const others = first.report.shown
        .filter((finding) => finding.code !== 'TS2339')
        .map((finding) => `${finding.path}:${finding.code}`);
      expect(others.sort()).toEqual([`${independent}:TS2322`, `${independent}:TS7006`]);
      expect(first.text).toContain(`${independent}:15:26 error TS7006 Parameter 'value' implicitly has an 'any' type.`);

      let rounds = 0;
      for (let next = first; next.report.verdict === 'introduced' && rounds < 4; next = attempt(repo)) {
        fixSites(repo, readPayloadSites(next.text), fixContext);
        rounds += 1;
      }
      expect(rounds).toBe(1);
      expect(attempt(repo).report.verdict).toBe('clean');
    },
  );
});

describe("a type's member renamed, read at many sites and written in object literals", () => {
  const files = {
    'package.json': JSON.stringify({ name: 'ranges', private: true, type: 'module' }),
    'tsconfig.json': bundlerTsconfig,
    'src/range.ts': 'export type Range = {\n  from: number;\n  to: number;\n};\n',
    'src/measure.ts':
      "import type { Range } from './range';\n\nexport const size = (range: Range): number => range.to - range.from;\nexport const starts = (range: Range, at: number): boolean => range.from === at;\n",
    'src/make.ts':
      "import type { Range } from './range';\n\nexport const empty: Range = { from: 0, to: 0 };\nexport const all = (length: number): Range => ({ from: 0, to: length });\nexport const shift = (range: Range, by: number): Range => ({ from: range.from + by, to: range.to + by });\n",
  };

  test('is one entry across codes, listing every site, and one round of fixes clears it', () => {
    const repo = startRepo(files, false);
    repo.write('src/range.ts', 'export type Range = {\n  start: number;\n  to: number;\n};\n');
    const first = attempt(repo);
    expect(first.report.groups).toHaveLength(1);
    expect(first.report.groups[0]).toMatchObject({
      cause: {
        symbol: 'Range',
        member: 'from',
        change: { kind: 'renamed', symbol: 'Range.from', path: 'src/range.ts', renamedTo: 'Range.start' },
      },
      sites: 6,
      files: 2,
      codes: ['TS2353', 'TS2339'],
    });
    expect(first.text).toContain('Its 6 sites in 2 files (TS2353, TS2339):\n');
    const sites = readPayloadSites(first.text);
    expect(sites).toEqual(first.report.shown.map((finding) => `${finding.path}:${finding.line}:${finding.column}`));
    fixSites(repo, sites, (text, column, site) => {
      if (!text.slice(column - 1).startsWith('from')) throw new Error(`no 'from' at ${site}`);
      return `${text.slice(0, column - 1)}start${text.slice(column + 3)}`;
    });
    expect(attempt(repo).report.verdict).toBe('clean');
  });
});

/** The demo repository as a test repository (its own ESLint config and 304 standing findings). */
function readDemoFiles(): Record<string, string> {
  const root = join(projectRoot, 'demo', 'repo');
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else files[relative(root, full)] = readFileSync(full, 'utf8');
    }
  };
  walk(root);
  return files;
}

describe.each(agentDocuments)("the demo's cascade through $agent's Stop hook", (documents: AgentDocuments) => {
  // Two checks of a repository with type-aware ESLint and 304 standing findings, per agent.
  test(
    'keeps the agent working until the tree is clean, every site of the rename in one round',
    { timeout: 600_000 },
    () => {
      const repo = startRepo(readDemoFiles(), '10');
      repo.write(
        'packages/billing/src/types.ts',
        repo.read('packages/billing/src/types.ts').replace('  price: number;', '  unitPrice: number;'),
      );
      const rounds: number[] = [];
      for (let round = 0; round < 8; round++) {
        const result = runCli(repo.root, ['hook', documents.agent], {
          input: JSON.stringify(documents.stop(repo.root, round > 0)),
        });
        expect([result.exitCode, result.stderr]).toEqual([0, '']);
        if (result.stdout === '') break;
        const answer = JSON.parse(result.stdout) as Record<string, unknown>;
        // Blocked every round (each agent's form of "keep working", test/hooks/documents.ts): never
        // let go while the agent fixes what it is shown.
        expect(Object.keys(answer)).toEqual(documents.blocked.stop.keys);
        const payload = documents.blocked.stop.payload(answer);
        const sites = readPayloadSites(payload);
        rounds.push(sites.length);
        expect(sites.length).toBeGreaterThan(0);
        fixSites(repo, sites, (text) => text.replaceAll('.price', '.unitPrice').replaceAll(' price:', ' unitPrice:'));
      }
      // One round: every site of the rename at once (18 in 5 files); the stop after it says nothing.
      expect(rounds).toEqual([18]);
      expect(checkJson(repo.root, ['--once-per-tree']).report.verdict).toBe('clean');
    },
  );
});
